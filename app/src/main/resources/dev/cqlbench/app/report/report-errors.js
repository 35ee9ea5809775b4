// First script on the page: records uncaught errors and console errors (of any later script) on the status
// element, for people and for the browser test.
(function () {
  var status = document.getElementById('cqlbench-status');
  var errors = [];
  function note() {
    status.setAttribute('data-errors', String(errors.length));
    status.setAttribute('data-error-text', errors.join(' | ').slice(0, 800));
  }
  window.addEventListener('error', function (e) { errors.push(String(e.message)); note(); });
  var consoleError = console.error;
  console.error = function () {
    errors.push(Array.prototype.slice.call(arguments).join(' '));
    note();
    consoleError.apply(console, arguments);
  };
  note();
}());
