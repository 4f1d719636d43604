// Copy buttons beside each results post: the Clipboard API where the page is a secure context (HTTPS or
// localhost), else the old select-and-copy, which also works over plain HTTP. Either way the text is selected,
// so a browser that refuses both still lets the GM press Ctrl-C.
(function () {
  "use strict";

  function fallback(area) {
    area.focus();
    area.select();
    area.setSelectionRange(0, area.value.length);
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  function say(button, text) {
    var status = button.parentNode.querySelector(".copied");
    if (status) status.textContent = text;
  }

  function copy(button) {
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) return;
    var done = function () { say(button, "Copied."); };
    var manual = function () {
      if (fallback(area)) done();
      else say(button, "Selected: press Ctrl-C (or Cmd-C) to copy.");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(done, manual);
    } else {
      manual();
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (button) copy(button);
  });
})();
