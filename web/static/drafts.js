// Orders typed or tapped but not saved are never lost. The order box's text is kept in this browser
// (localStorage, one draft per game, power and phase) as it changes, so it survives a reload, a closed tab
// and a lost connection; it comes back into the box when the page is opened again for the same phase.
// A draft written for a phase that has since closed is never put into the box by itself: the page shows it
// and offers "Use these for <the open phase>", the player's own choice. Until the box is saved, every
// "not saved yet" mark shows (the order box, the DP panel, the save bar) and leaving the page asks first.
(function () {
  "use strict";
  var form = document.getElementById("orders-form");
  var box = document.getElementById("orders");
  if (!form || !box || !form.dataset.draft) { return; }
  var parts = form.dataset.draft.split("|");  // game id | power | phase
  var prefix = "sengoku:draft:" + parts[0] + ":" + parts[1] + ":";
  var key = prefix + parts[2];
  var saved = box.getAttribute("data-saved") || "";
  var sending = false;
  var store = null;
  try { store = window.localStorage; store.getItem(key); } catch (e) { store = null; }  // private mode: no drafts

  function read(k) {
    if (!store) { return null; }
    try { var d = JSON.parse(store.getItem(k)); return d && typeof d.text === "string" ? d : null; } catch (e) { return null; }
  }
  function drop(k) { if (store) { try { store.removeItem(k); } catch (e) { /* nothing to keep */ } } }
  function dirty() { return box.value.trim() !== saved.trim(); }

  function keep() {  // the box as it is now: a draft while it differs from what is saved
    if (!store) { return; }
    if (!dirty()) { drop(key); return; }
    try { store.setItem(key, JSON.stringify({ text: box.value, at: new Date().toISOString(), phase: parts[2] })); } catch (e) { /* full */ }
  }

  function mark() {  // every "not saved yet" on the page, and the save bar's state
    var unsaved = dirty();
    document.querySelectorAll("[data-unsaved]").forEach(function (el) { el.hidden = !unsaved; });
    document.querySelectorAll("[data-saved-state]").forEach(function (el) { el.hidden = unsaved; });
  }

  function note(text) {
    var el = document.getElementById("draft-note");
    if (el) { el.textContent = text; el.hidden = !text; }
  }

  function put(text) {  // into the box as if typed: checked, drawn, kept
    box.value = text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    var again = document.getElementById("check");
    if (again) { again.click(); }
  }

  // --- on opening the page --------------------------------------------------------------------
  var refused = document.getElementById("not-saved");
  if (location.hash === "#saved") {  // the save went through: its draft is done with
    drop(key);
    history.replaceState(null, "", location.pathname + location.search);
  } else if (refused) {
    keep();  // the refused text is in the box: keep it for this phase too
  } else {
    var draft = read(key);
    if (draft && draft.text !== box.value) {
      if (draft.text.trim() === saved.trim()) { drop(key); } else {
        put(draft.text);
        note(document.querySelector(".flash") ? "Your text as you sent it, with the lines not saved." :
          "Restored what you had not saved (" + new Date(draft.at).toLocaleString() + ").");
      }
    }
  }
  closedDrafts();
  mark();

  // Drafts written for another phase of this game and power (it closed before they were saved).
  function closedDrafts() {
    if (!store) { return; }
    var found = [];
    for (var i = 0; i < store.length; i++) {
      var k = store.key(i);
      if (k && k.indexOf(prefix) === 0 && k !== key) { found.push(k); }
    }
    found.forEach(function (k) {
      var draft = read(k);
      if (!draft || !draft.text.trim() || (refused && draft.text.trim() === box.value.trim())) { drop(k); return; }
      showClosed(k, draft);
    });
  }

  function showClosed(k, draft) {
    var phase = k.slice(prefix.length);
    var card = document.createElement("section");
    card.className = "card not-saved closed-drafts";
    card.setAttribute("role", "alert");
    var head = document.createElement("h2");
    head.textContent = "Orders for " + phase + " that were never saved";
    var why = document.createElement("p");
    why.textContent = "You typed these for " + phase + ", which is no longer open, so they were not saved. " +
      "They are not in your orders for " + parts[2] + " unless you use them.";
    var text = document.createElement("textarea");
    text.readOnly = true;
    text.rows = Math.min(8, draft.text.split("\n").length + 1);
    text.value = draft.text;
    text.setAttribute("aria-label", "Orders typed for " + phase + ", not saved");
    var use = document.createElement("button");
    use.type = "button";
    use.className = "use-closed";
    use.textContent = "Use these for " + parts[2];
    use.addEventListener("click", function () { drop(k); card.remove(); put(draft.text); });
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "secondary";
    discard.textContent = "Discard";
    discard.addEventListener("click", function () { drop(k); card.remove(); });
    [head, why, text, use, discard].forEach(function (el) { card.appendChild(el); });
    var play = document.querySelector(".play");
    play.parentNode.insertBefore(card, play);
  }

  // --- the game moved on while the page was open: the live check answers for another phase -----------
  box.addEventListener("orders:checked", function (event) {
    var now = event.detail && event.detail.phase;
    if (!now || now === parts[2] || document.getElementById("phase-moved")) { return; }
    var card = document.createElement("section");
    card.className = "card not-saved";
    card.id = "phase-moved";
    card.setAttribute("role", "alert");
    var head = document.createElement("h2");
    head.textContent = parts[2] + " is closed";
    var why = document.createElement("p");
    why.textContent = "The game is at " + now + " now (the GM adjudicated " + parts[2] + " or rolled the game " +
      "back since this page was drawn): a save from this page will be refused. What you typed is kept on this " +
      "device; reload to see " + now + " and decide what to do with it.";
    var reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Reload";
    reload.addEventListener("click", function () { keep(); sending = true; location.reload(); });
    [head, why, reload].forEach(function (el) { card.appendChild(el); });
    var play = document.querySelector(".play");
    play.parentNode.insertBefore(card, play);
  });

  // --- as the box changes, and when leaving -----------------------------------------------------
  box.addEventListener("input", function () { keep(); mark(); note(""); });
  form.addEventListener("submit", function () { keep(); sending = true; });
  window.addEventListener("pageshow", function () { sending = false; });
  window.addEventListener("beforeunload", function (event) {
    if (sending || !dirty()) { return; }
    event.preventDefault();
    event.returnValue = "";  // the browser asks "Leave site? Changes you made may not be saved."
  });
})();
