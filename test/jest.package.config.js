module.exports = require('./jest.phases').phase('package');
