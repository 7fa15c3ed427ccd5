module.exports = require('./jest.phases').phase('slow');
