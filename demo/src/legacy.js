// legacy.js: old browser code with Windows (CRLF) line endings and 4-space indentation.
var Checkout = (function () {
    'use strict';

    function formatPrice(value) {
        return '$' + value.toFixed(2);
    }

    function validate(form) {
        var errors = [];
        if (!form.email) {
            errors.push('Email is required');
        }
        if (!form.zip) {
            errors.push('ZIP code is required');
        }
        return errors;
    }

    function submit(form, callback) {
        var errors = validate(form);
        if (errors.length > 0) {
            callback(errors, null);
            return;
        }
        var xhr = new XMLHttpRequest();
        xhr.open('POST', '/api/checkout');
        xhr.setRequestHeader('Content-Type', 'application/json');
        xhr.onload = function () {
            callback(null, JSON.parse(xhr.responseText));
        };
        xhr.send(JSON.stringify(form));
    }

    return { formatPrice: formatPrice, validate: validate, submit: submit };
})();
