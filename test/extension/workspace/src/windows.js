// CRLF line endings: edits must keep them.
'use strict';

function greet(name) {
    var message = 'Hello, ' + name + '!';
    console.log(message);
    return message;
}

module.exports = { greet: greet };
