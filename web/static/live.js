// The live page: every few seconds (while the tab is shown) the page asks whether the game moved and whether
// press came, in a few bytes (/pulse). Polling, not a held connection (Server-Sent Events): each open page
// would hold one of the server's few threads for as long as it is open, and a poll every 15 s costs one
// small request. A new phase is said at the top, never reloaded over what the player is typing; new
// messages are shown in place.
(function () {
  "use strict";
  var play = document.getElementById("play");
  var note = document.getElementById("live-note");
  if (!play || !note || !window.fetch) { return; }
  var every = 15000;
  var phase = play.dataset.phaseName;
  var shownUnread = -1;

  function say(text, linkText) {
    note.textContent = text + " ";
    var link = document.createElement("a");
    link.href = window.location.pathname;
    link.textContent = linkText;
    note.appendChild(link);
    note.hidden = false;
  }

  function message(m) {
    var li = document.createElement("li");
    li.className = "press-message" + (m.unread ? " unread" : "") + (m.mine ? " mine" : "") +
      (m.sender === "GM" ? " from-gm" : "");
    var head = document.createElement("p");
    head.className = "press-head";
    var who = document.createElement("strong");
    who.textContent = m.sender;
    head.appendChild(who);
    head.appendChild(document.createTextNode(" to " + m.to.join(", ") + " · " + m.phase));
    var text = document.createElement("p");
    text.className = "press-text";
    text.textContent = m.text;
    li.appendChild(head);
    li.appendChild(text);
    return li;
  }

  function showPress() {
    fetch(play.dataset.pressUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.json(); }).then(function (press) {
        var list = document.getElementById("press-list");
        var badge = document.getElementById("press-unread");
        if (!list || !press.messages) { return; }
        list.textContent = "";
        press.messages.slice().reverse().forEach(function (m) { list.appendChild(message(m)); });
        if (badge) { badge.textContent = press.unread + " new"; badge.hidden = !press.unread; }
      }).catch(function () {});
  }

  function pulse() {
    if (document.hidden) { return; }
    fetch(play.dataset.pulseUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; }).then(function (p) {
        if (!p) { return; }
        if (p.phase !== phase && !document.getElementById("phase-moved")) {  // drafts.js may have said it
          say(phase + " was adjudicated: " + p.phase + " is open. What you typed stays here until you reload.",
              "Show " + p.phase);
        }
        if (p.unread > 0 && p.unread !== shownUnread) { showPress(); }
        shownUnread = p.unread;
      }).catch(function () {});
  }

  var everyone = document.getElementById("press-to-all");
  document.querySelectorAll(".press-to-one").forEach(function (box) {
    box.addEventListener("change", function () { if (box.checked && everyone) { everyone.checked = false; } });
  });
  if (everyone) {
    everyone.addEventListener("change", function () {
      if (everyone.checked) { document.querySelectorAll(".press-to-one").forEach(function (b) { b.checked = false; }); }
    });
  }
  setInterval(pulse, every);
  document.addEventListener("visibilitychange", pulse);
})();
