// n8n loads this package through the "n8n" block of package.json; nothing is exported here.
module.exports = {};
