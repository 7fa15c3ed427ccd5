module.exports = require('./jest.phases').phase('fast');
