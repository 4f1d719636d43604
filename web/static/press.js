// Press as conversations, kept live. The page holds the conversations (templates/_press_talk.html); this opens
// one without a reload (newest last, older on demand), sends without a reload, and takes in new messages by a
// cursor: the id of the newest message this tab has, so a tab asks for every message over it (any number of
// tabs, any number of messages between two polls). A message counts as read only once it has been on screen
// (half of it, with the page shown), never because the page loaded.
(function () {
  "use strict";
  var root = document.getElementById("press");
  if (!root || !window.fetch) { return; }
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var talks = document.getElementById("talks"), talk = document.getElementById("talk");
  var list = document.getElementById("press-list"), older = document.getElementById("talk-older");
  var reply = document.getElementById("reply-form"), closed = document.getElementById("reply-closed");
  var cursor = Number(root.dataset.last || 0), open = talk.dataset.talk || "", asking = null, pending = {};
  var known = {};  // conversation key -> its ConversationOut, as last heard

  function json(url, options) {
    options = options || {};
    options.credentials = "same-origin";
    options.headers = Object.assign({ "Accept": "application/json" }, options.headers || {});
    return fetch(url, options).then(function (r) {
      return r.json().then(function (body) { if (!r.ok) { throw new Error(body.error || r.statusText); } return body; });
    });
  }
  function query(params) {
    return root.dataset.pressUrl + "?" + Object.keys(params).map(function (k) {
      return k + "=" + encodeURIComponent(params[k]);
    }).join("&");
  }

  // --- drawing ------------------------------------------------------------------------------
  function item(m) {
    var li = document.createElement("li");
    li.className = "press-message" + (m.unread ? " unread" : "") + (m.mine ? " mine" : "") +
      (m.sender === "GM" ? " from-gm" : "");
    li.dataset.id = m.id;
    if (m.unread) { li.setAttribute("data-unread", ""); }
    var head = document.createElement("p");
    head.className = "press-head";
    var who = document.createElement("strong");
    who.textContent = m.sender;
    var when = document.createElement("span");
    when.className = "muted";
    var sent = new Date(m.sent);
    when.textContent = " · " + m.phase + " · " + (isNaN(sent) ? "" : sent.toLocaleString(undefined,
      { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }));
    head.appendChild(who);
    head.appendChild(document.createTextNode(" to " + m.to.join(", ")));
    head.appendChild(when);
    if (m.unread) { var n = document.createElement("span"); n.className = "new"; n.textContent = "new"; head.appendChild(n); }
    var text = document.createElement("p");
    text.className = "press-text";
    text.textContent = m.text;
    li.appendChild(head);
    li.appendChild(text);
    return li;
  }

  function has(id) { return !!list.querySelector('li[data-id="' + id + '"]'); }

  function totals(unread) {
    document.querySelectorAll("[data-unread-total]").forEach(function (el) {
      el.textContent = el.hasAttribute("data-short") ? String(unread) : unread + " new";
      el.hidden = !unread;
    });
  }

  function counts(perTalk) {  // unread per conversation: {key: n}
    document.querySelectorAll("[data-talk-unread]").forEach(function (el) {
      var n = perTalk[el.dataset.talkUnread] || 0;
      el.textContent = n + " new";
      el.hidden = !n;
    });
  }

  function talkItem(c) {  // a conversation's line: its title, how many messages, its unread badge
    var a = document.createElement("a");
    a.className = "talk-link";
    a.href = location.pathname + "?talk=" + encodeURIComponent(c.key) + "#press";
    a.dataset.talk = c.key;
    var title = document.createElement("span"), count = document.createElement("span"), badge = document.createElement("span");
    title.className = "talk-title";
    count.className = "talk-count muted";
    badge.className = "badge talk-unread";
    badge.dataset.talkUnread = c.key;
    [title, count, badge].forEach(function (el) { a.appendChild(el); });
    var li = document.createElement("li");
    li.appendChild(a);
    return li;
  }

  function listTalks(conversations) {  // the list of conversations, the latest first
    var ul = document.getElementById("talk-list"), empty = document.getElementById("press-empty");
    if (!conversations.length) { return; }  // none yet: "No messages yet." stays
    if (!ul) {
      ul = document.createElement("ul");
      ul.className = "talk-list";
      ul.id = "talk-list";
      talks.appendChild(ul);
    }
    if (empty) { empty.remove(); }
    var kept = {};  // the links already there are updated and moved, never made again: a tap on one lands
    ul.querySelectorAll("a.talk-link").forEach(function (a) { kept[a.dataset.talk] = a.parentNode; });
    var perTalk = {};
    conversations.forEach(function (c) {
      known[c.key] = c;
      perTalk[c.key] = c.unread;
      var li = kept[c.key] || talkItem(c);
      delete kept[c.key];
      li.querySelector(".talk-title").textContent = c.title;
      li.querySelector(".talk-count").textContent = c.messages + (c.messages === 1 ? " message" : " messages");
      ul.appendChild(li);  // in the latest-first order (a node already in the list is moved)
    });
    Object.keys(kept).forEach(function (key) { kept[key].remove(); });
    counts(perTalk);
  }

  function showReply(c) {
    var to = reply.querySelector(".reply-to");
    to.textContent = "";
    (c && c.to || []).forEach(function (p) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "to";
      input.value = p;
      to.appendChild(input);
    });
    reply.querySelector('input[name="talk"]').value = c ? c.key : "";
    reply.hidden = !(c && c.to.length);
    closed.hidden = !(c && !c.to.length);
    closed.textContent = c && c.why_not ? c.why_not.charAt(0).toUpperCase() + c.why_not.slice(1) + "." : "";
  }

  // --- one conversation ------------------------------------------------------------------------
  function openTalk(key, focus) {
    open = key;
    talk.dataset.talk = key;
    var form = document.getElementById("seen-form");
    if (form) { form.hidden = true; }
    return json(query({ conversation: key, limit: 30 })).then(function (press) {
      if (open !== key) { return; }
      listTalks(press.conversations);
      totals(press.unread);
      var c = known[key];
      document.getElementById("talk-title").textContent = c ? c.title : "";
      list.setAttribute("aria-label", "Messages" + (c ? " with " + c.title : "") + ", oldest first");
      list.textContent = "";
      press.messages.forEach(function (m) { list.appendChild(item(m)); });
      older.parentNode.hidden = !press.earlier;
      showReply(c);
      talks.hidden = true;
      talk.hidden = false;
      var first = list.querySelector("li[data-unread]");
      list.scrollTop = first ? first.offsetTop - list.offsetTop - 8 : list.scrollHeight;
      watch();
      if (focus) { list.focus(); }
    });
  }

  function closeTalk() {
    open = "";
    talk.dataset.talk = "";
    talk.hidden = true;
    talks.hidden = false;
    var first = talks.querySelector("a.talk-link");
    if (first) { first.focus(); }
  }

  function earlier() {
    var first = list.querySelector("li[data-id]");
    if (!first) { return; }
    var height = list.scrollHeight;
    json(query({ conversation: open, before: first.dataset.id, limit: 30 })).then(function (press) {
      var at = list.firstChild;
      press.messages.forEach(function (m) { if (!has(m.id)) { list.insertBefore(item(m), at); } });
      older.parentNode.hidden = !press.earlier;
      list.scrollTop += list.scrollHeight - height;  // the messages read stay where they were
      watch();
    });
  }

  // --- new messages, by cursor -------------------------------------------------------------------
  function pull(newest) {
    if (newest !== undefined && newest <= cursor) { return Promise.resolve(); }
    if (asking) { return asking; }
    asking = json(query({ after: cursor, limit: 200 })).then(function (press) {
      press.messages.forEach(function (m) {
        cursor = Math.max(cursor, m.id);
        if (open && m.conversation === open && !has(m.id)) { list.appendChild(item(m)); }
      });
      listTalks(press.conversations);
      totals(press.unread);
      if (open && known[open]) { showReply(known[open]); }
      watch();
      asking = null;
      if (press.later) { return pull(); }
    }).catch(function () { asking = null; });
    return asking;
  }

  // --- read marks: on screen, with the page shown ------------------------------------------------
  var seer = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      var tall = e.intersectionRect.height >= 0.5 * (window.innerHeight || 1);
      if (e.isIntersecting && (e.intersectionRatio >= 0.5 || tall)) { pending[e.target.dataset.id] = e.target; }
      else { delete pending[e.target.dataset.id]; }
    });
    if (Object.keys(pending).length) { setTimeout(flush, 700); }
  }, { threshold: [0, 0.5, 1] }) : null;

  function watch() {
    if (!seer) { return; }
    list.querySelectorAll("li[data-unread]").forEach(function (li) { seer.observe(li); });
  }

  function flush() {
    if (document.visibilityState === "hidden") { return; }
    var ids = Object.keys(pending).filter(function (id) { return pending[id].isConnected && pending[id].offsetParent; });
    pending = {};
    if (!ids.length) { return; }
    ids.forEach(function (id) {
      var li = list.querySelector('li[data-id="' + id + '"]');
      if (li) { li.removeAttribute("data-unread"); if (seer) { seer.unobserve(li); } }
    });
    json(root.dataset.seenUrl, {
      method: "POST", body: JSON.stringify({ ids: ids.map(Number) }),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }
    }).then(function (out) { totals(out.unread); counts(out.conversations); }).catch(function () {
      ids.forEach(function (id) { var li = list.querySelector('li[data-id="' + id + '"]'); if (li) { li.setAttribute("data-unread", ""); } });
      watch();  // not marked: try again when next seen
    });
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { watch(); } });

  // --- sending ---------------------------------------------------------------------------------
  function send(form, then) {
    var data = new FormData(form), to = data.getAll("to");
    var body = { to: to.length && to.indexOf("*") < 0 ? to : ["*"], text: data.get("text") || "", anonymous: data.has("anonymous") };
    var note = form.querySelector(".send-note") || document.createElement("p");
    note.className = "send-note";
    note.setAttribute("role", "status");
    form.appendChild(note);
    note.textContent = "Sending…";
    return json(root.dataset.sendUrl, {
      method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }
    }).then(function (m) {
      note.textContent = "Message sent.";
      form.querySelector("textarea").value = "";
      then(m);
    }).catch(function (error) { note.textContent = error.message; });
  }

  if (reply) {
    reply.addEventListener("submit", function (event) {
      event.preventDefault();
      send(reply, function (m) { if (!has(m.id)) { list.appendChild(item(m)); } list.scrollTop = list.scrollHeight; });
    });
  }
  var fresh = document.getElementById("press-form");
  if (fresh) {
    fresh.addEventListener("submit", function (event) {
      event.preventDefault();
      send(fresh, function (m) { document.getElementById("new-message").open = false; openTalk(m.conversation); });
    });
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

  talks.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.talk-link") : null;
    if (link) { event.preventDefault(); openTalk(link.dataset.talk, true); }
  });
  document.getElementById("talk-back").addEventListener("click", function (event) { event.preventDefault(); closeTalk(); });
  older.addEventListener("click", function (event) { event.preventDefault(); earlier(); });
  document.querySelectorAll("#talk-list a.talk-link").forEach(function (a) { known[a.dataset.talk] = null; });
  var seenForm = document.getElementById("seen-form");
  if (seenForm) { seenForm.hidden = true; }  // this page marks what is seen by itself
  if (open) { openTalk(open); } else { pull(); }  // the list as it is now (this script may load long after the page)
  if (!document.getElementById("play")) { setInterval(function () { if (!document.hidden) { pull(); } }, 20000); }
  window.SengokuPress = { pull: pull, open: openTalk };
})();
