// The order box: a verdict for each line as the player types (no reload). Each answer is announced
// as an "orders:checked" event on the box, for the map (static/picker.js) to draw the orders.
(function () {
  "use strict";
  var box = document.getElementById("orders");
  var list = document.getElementById("verdicts");
  var token = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var timer = null;
  var asked = 0;

  function item(line) {
    var li = document.createElement("li");
    li.className = line.ok ? "ok" : "bad";
    li.dataset.kind = line.kind;
    var head = document.createElement("span");
    var shown = line.order || line.text.trim() || "(blank)";
    head.textContent = line.number + ": " + shown + "  [" + line.kind + "]";
    if (line.order && line.ok) { head.className = "canon"; }  // green only for an order that stands
    li.appendChild(head);
    if (line.problem) {
      var why = document.createElement("span");
      why.className = "why";
      var listed = line.problem.indexOf("did you mean") >= 0;
      var more = !listed && line.suggestions && line.suggestions.length ? " (did you mean " + line.suggestions.join(", ") + "?)" : "";
      why.textContent = line.problem + more;
      li.appendChild(why);
    }
    return li;
  }

  function show(result) {
    list.textContent = "";
    result.lines.filter(function (l) { return l.kind !== "ignored" || l.text.trim(); })
      .forEach(function (l) { list.appendChild(item(l)); });
    list.dataset.accepted = result.accepted;
    list.dataset.refused = result.refused;
    box.dispatchEvent(new CustomEvent("orders:checked", { detail: result, bubbles: true }));  // the map redraws
  }

  function check() {
    var mine = ++asked;
    fetch(box.dataset.checkUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token, "Accept": "application/json" },
      body: JSON.stringify({ text: box.value }),
      credentials: "same-origin"
    }).then(function (r) { return r.json(); }).then(function (result) {
      if (mine !== asked) { return; }  // a newer check is on its way
      if (result.lines) { show(result); } else { list.textContent = result.error || "could not check"; }
    }).catch(function () { list.textContent = "Could not reach the server to check; saving still works."; });
  }

  if (box && list) {
    box.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(check, 400); });
    document.getElementById("check").addEventListener("click", check);
    if (box.value.trim()) { check(); }
  }

})();
