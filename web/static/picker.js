// Ordering by taps and lists, with no rules of its own. The page carries every legal order of this phase
// (worked out by the adjudicator: web/play/choices.py), each with its text and the provinces tapped, in turn, to
// choose it. A tap on a unit, then on a place (or on the unit it supports, then where that one goes) narrows
// them down to one; its text goes into the order box, where it gets its verdict like any typed line, and the
// map draws it. So a tap and a typed line are the same order, always.
(function () {
  "use strict";
  var box = document.getElementById("orders");
  var source = document.getElementById("choices");
  var figure = document.getElementById("map");
  if (!box || !source || !figure || !figure.liveMap) { return; }
  var map = figure.liveMap;
  var bar = document.getElementById("picker");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var data = JSON.parse(source.textContent);
  var sets = Array.isArray(data) ? data : [data];
  var MODES = [
    { name: "move", kinds: ["move", "retreat"], label: "Move" },
    { name: "support", kinds: ["support_hold", "support_move"], label: "Support" },
    { name: "convoy", kinds: ["convoy"], label: "Convoy" }
  ];
  var units = {};   // province -> { unit: the unit and its choices, dp: bought with DP (a neutral unit) }
  var winter = [];  // builds and removals: a tap on the place chooses them
  var dp = null;
  var state = { entry: null, mode: null, steps: [], points: 1 };

  sets.forEach(function (set) {
    set.units.forEach(function (unit) { units[unit.province] = { unit: unit, dp: false }; });
    if (set.adjustments) { winter = winter.concat(set.adjustments.choices); }
    if (set.dp) { dp = set.dp; }
  });
  if (dp && dp.dp > 0) {
    dp.units.forEach(function (unit) { if (!units[unit.province]) { units[unit.province] = { unit: unit, dp: true }; } });
  }
  Object.keys(units).forEach(function (province) {  // a keyboard reaches each unit it may order
    var glyph = glyphOf(province);
    if (glyph) {
      glyph.setAttribute("tabindex", "0");
      glyph.setAttribute("role", "button");
      glyph.setAttribute("aria-label", "Order " + units[province].unit.text + (units[province].dp ? " (with DP)" : ""));
    }
  });

  function glyphOf(province) {
    var entry = units[province];
    if (entry && entry.unit.dislodged) {
      return map.svg.querySelector('g.unit.dislodged[data-location="' + entry.unit.location + '"]');
    }
    return map.unitAt(province);
  }

  function modeOf(name) { return MODES.filter(function (m) { return m.name === name; })[0]; }

  function startsWith(clicks, steps) {
    if (clicks.length < steps.length) { return false; }
    for (var i = 0; i < steps.length; i++) { if (clicks[i] !== steps[i]) { return false; } }
    return true;
  }

  function candidates(steps) {
    var mode = modeOf(state.mode);
    return state.entry.unit.choices.filter(function (c) {
      return mode && mode.kinds.indexOf(c.kind) >= 0 && c.clicks.length > 0 && startsWith(c.clicks, steps);
    });
  }

  function choiceOf(kind) {
    return state.entry ? state.entry.unit.choices.filter(function (c) { return c.kind === kind; })[0] : null;
  }

  function select(entry) {
    if (entry.dp && pointsFor(entry.unit.province) === 0) {  // the bids in the order box leave it nothing
      deselect();
      map.say(map.describe(entry.unit.province) + ": you have " + dpSpentWords() + ", so no DP order for " + entry.unit.text + ".");
      return;
    }
    var first = MODES.filter(function (m) {
      return entry.unit.choices.some(function (c) { return m.kinds.indexOf(c.kind) >= 0 && c.clicks.length; });
    })[0];
    state = { entry: entry, mode: first ? first.name : null, steps: [], points: state.points };
    refresh();
  }

  function deselect() {
    state = { entry: null, mode: null, steps: [], points: state.points };
    refresh();
  }

  function prompt() {
    var name = state.entry.unit.text, steps = state.steps;
    if (state.mode === "move") { return state.entry.unit.dislodged ? "Tap where " + name + " retreats." : "Tap where " + name + " moves, or the unit again to hold."; }
    if (state.mode === "support") {
      return steps.length ? "Tap where " + map.name(steps[0]) + " moves, or tap it again to support it holding." : "Tap the unit " + name + " supports.";
    }
    if (state.mode === "convoy") { return steps.length ? "Tap where the army goes." : "Tap the army " + name + " convoys."; }
    return name + ": choose below.";
  }

  function button(label, act, pressed) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = pressed ? "" : "secondary";
    b.textContent = label;
    if (pressed !== undefined) { b.setAttribute("aria-pressed", pressed ? "true" : "false"); }
    b.addEventListener("click", act);
    return b;
  }

  function refresh() {
    map.clearMarks();
    bar.textContent = "";
    if (!state.entry) {  // a winter's places to build or remove are marked, ready for a tap
      bar.hidden = true;
      var places = {};
      winter.forEach(function (c) { places[c.clicks[0]] = true; });  // free centres, or the units to remove
      map.mark(Object.keys(places), "target");
      return;
    }
    var glyph = glyphOf(state.entry.unit.province);
    if (glyph) { glyph.classList.add("selected"); }
    var depth = state.steps.length;
    var next = {};
    candidates(state.steps).forEach(function (c) { if (c.clicks.length > depth) { next[c.clicks[depth]] = true; } });
    map.mark(state.steps, "chosen");
    map.mark(Object.keys(next), "target");
    var head = document.createElement("p");
    head.className = "picker-prompt";
    head.textContent = (state.entry.dp ? "A DP order for the neutral " + state.entry.unit.text + ". " : "") + prompt();
    bar.appendChild(head);
    var row = document.createElement("div");
    row.className = "picker-buttons";
    MODES.forEach(function (m) {
      var has = state.entry.unit.choices.some(function (c) { return m.kinds.indexOf(c.kind) >= 0 && c.clicks.length; });
      var label = m.name === "move" && state.entry.unit.dislodged ? "Retreat" : m.label;
      if (has) { row.appendChild(button(label, function () { state.mode = m.name; state.steps = []; refresh(); }, state.mode === m.name)); }
    });
    ["hold", "disband"].forEach(function (kind) {
      var choice = choiceOf(kind);
      if (choice) { row.appendChild(button(kind === "hold" ? "Hold" : "Disband", function () { choose(choice); })); }
    });
    if (state.entry.dp) { row.appendChild(pointsChooser()); }
    row.appendChild(button("Cancel", deselect));
    bar.appendChild(row);
    bar.hidden = false;
  }

  function pointsChooser() {
    var label = document.createElement("label");
    label.className = "points";
    var select = document.createElement("select");
    var most = pointsFor(state.entry.unit.province);
    for (var p = 1; p <= most; p++) {
      var option = document.createElement("option");
      option.value = String(p);
      option.textContent = p + " DP";
      select.appendChild(option);
    }
    state.points = Math.min(state.points, most);
    select.value = String(state.points);
    select.addEventListener("change", function () { state.points = Number(select.value); });
    label.appendChild(select);
    return label;
  }

  function offer(choices, province) {
    map.clearMarks();
    bar.textContent = "";
    var head = document.createElement("p");
    head.className = "picker-prompt";
    head.textContent = "Which one?";
    bar.appendChild(head);
    var row = document.createElement("div");
    row.className = "picker-buttons";
    choices.forEach(function (c) { row.appendChild(button(c.text, function () { choose(c, province); })); });
    row.appendChild(button("Cancel", deselect));
    bar.appendChild(row);
    bar.hidden = false;
  }

  function choose(choice, province) {
    var bought = state.entry && state.entry.dp;
    var text = (bought ? state.points + " : " : "") + choice.text;
    var unit = state.entry ? state.entry.unit.province : province || null;
    var keyboard = document.activeElement && map.svg.contains(document.activeElement);
    deselect();
    put(unit, text);
    map.say("Added to your orders: " + text);
    if (keyboard) { focusNext(unit); }
  }

  // A choice made with the keyboard: focus goes where the next choice is, the next unit to order, or Save
  // after the last (the target chosen has just left the keys' path).
  function focusNext(unit) {
    var mine = Object.keys(units).filter(function (p) { return !units[p].dp; });
    var next = mine[mine.indexOf(unit) + 1];
    var glyph = next ? glyphOf(next) : null;
    var save = document.getElementById("save");
    if (glyph) { glyph.focus(); } else if (save) { save.focus(); }
  }

  figure.addEventListener("map:tap", function (event) {
    var tap = event.detail, province = tap.province;
    tap.handled = true;
    if (state.entry) {
      if (province === state.entry.unit.province && !state.steps.length) {
        var hold = choiceOf("hold");
        if (hold && state.mode === "move") { choose(hold); } else if (!state.entry.unit.dislodged) { deselect(); }
        return;
      }
      var steps = state.steps.concat([province]);
      var fits = candidates(steps);
      if (!fits.length) {
        if (!state.steps.length && units[province]) { select(units[province]); return; }
        map.say(map.describe(province) + ": not a choice for " + state.entry.unit.text + " here.");
        return;
      }
      var done = fits.filter(function (c) { return c.clicks.length === steps.length; });
      if (done.length === fits.length) {
        if (done.length === 1) { choose(done[0]); } else { offer(done); }
        return;
      }
      state.steps = steps;
      refresh();
      return;
    }
    var here = winter.filter(function (c) { return c.clicks[0] === province; });
    if (here.length === 1) { choose(here[0], province); return; }
    if (here.length > 1) { offer(here, province); return; }
    if (units[province]) { select(units[province]); return; }
    tap.handled = false;
  });

  document.addEventListener("keydown", function (event) { if (event.key === "Escape" && state.entry) { deselect(); } });
  var mine = Object.keys(units).filter(function (p) { return !units[p].dp; });
  if (mine.length === 1 && units[mine[0]].unit.dislodged && !box.value.trim()) {
    select(units[mine[0]]);  // one unit to retreat and no order yet: ready for the tap on where it goes
  } else {
    refresh();
  }

  // --- the order box: one line per unit -------------------------------------------------------

  function check(text) {
    return fetch(box.dataset.checkUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
      body: JSON.stringify({ text: text }),
      credentials: "same-origin"
    }).then(function (r) { return r.json(); });
  }

  // The line for ``unit`` becomes ``text`` (a unit's earlier line is replaced, any more are dropped). The
  // server's verdicts say which line orders which unit; without them (offline), the order is added at the end.
  // One change at a time, each on the box as the one before left it, so quick taps keep their order.
  var queue = Promise.resolve();
  function put(unit, text) {
    var next = function () { return place(unit, text); };
    queue = queue.then(next, next);
    return queue;
  }

  function place(unit, text) {
    var before = box.value;
    return check(before).catch(function () { return { lines: [] }; }).then(function (result) {
      if (box.value !== before) { return place(unit, text); }  // typed in the meantime: read the box again
      var lines = before.split("\n");
      var mine = (result.lines || []).filter(function (l) {
        return unit && l.unit === unit && (l.kind === "order" || l.kind === "refused");
      }).map(function (l) { return l.number - 1; });
      if (mine.length) {
        lines[mine[0]] = text;
        for (var i = mine.length - 1; i > 0; i--) { lines.splice(mine[i], 1); }
      } else {
        while (lines.length && !lines[lines.length - 1].trim()) { lines.pop(); }
        lines.push(text);
      }
      box.value = lines.join("\n");
      box.dispatchEvent(new Event("input", { bubbles: true }));
      var again = document.getElementById("check");
      if (again) { again.click(); }
    });
  }

  document.querySelectorAll("select.choose").forEach(function (select) {
    // The list keeps showing the order chosen: reset to its first line, each arrow key on a closed list (one
    // "change" per key) would pick the first order again instead of the next.
    select.addEventListener("change", function () {
      if (select.value) { put(select.dataset.unit, select.value); }
    });
  });
  document.querySelectorAll("button.choose-button").forEach(function (b) {
    b.addEventListener("click", function () { put(b.dataset.unit || null, b.dataset.order); });
  });
  document.querySelectorAll("form.bid-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {  // with the page alive, a bid joins the other orders
      event.preventDefault();
      var option = form.querySelector("select[name=choice]").selectedOptions[0];
      put(form.dataset.unit, form.querySelector("select[name=points]").value + " : " + option.dataset.text);
    });
  });

  // --- DP: only the bids the order box still leaves room for ----------------------------------
  // The live check reads the box: each accepted DP order comes back with its unit and points. The DP panel
  // and the picker count those (not the saved ones), so they offer only a DP order that could still be
  // accepted beside them. Until the first check answers, the saved bids stand (the page was drawn on them).

  var bids = null;  // { on: province -> DP, spent, given }, from the box's last check

  function budget() {
    if (bids) { return bids; }
    var on = {};
    dp.bids_on.forEach(function (province) { on[province] = 0; });
    return { on: on, spent: dp.spent, given: dp.orders_given };
  }

  // The most DP a DP order for the neutral unit in ``province`` may carry now (0: none may be given). A unit
  // with a bid in the box may be given another order instead, with the DP of the one it replaces.
  function pointsFor(province) {
    if (!dp || dp.dp <= 0) { return 0; }
    var now = budget(), mine = now.on[province];
    if (mine === undefined && now.given >= dp.max_orders) { return 0; }
    return Math.max(0, Math.min(dp.max_per_order, dp.dp - now.spent + (mine || 0)));
  }

  function dpSpentWords() {  // why no more DP order can be given: "you have ..."
    var now = budget();
    if (now.spent >= dp.dp) { return "no DP left this phase"; }
    if (now.given >= dp.max_orders) { return "given all " + dp.max_orders + " DP orders this phase"; }
    return "a DP order for every neutral unit";
  }

  function readBids(result) {
    var now = { on: {}, spent: 0, given: 0 };
    (result.lines || []).forEach(function (line) {
      if (line.ok && line.points && line.unit) {
        now.on[line.unit] = line.points;
        now.spent += line.points;
        now.given += 1;
      }
    });
    bids = now;
  }

  function showBudget() {  // the DP panel: what is bid, what is left, and a form for each order still possible
    var panel = document.getElementById("bids");
    if (!panel || !dp || dp.dp <= 0) { return; }
    var now = budget(), open = 0;
    document.getElementById("dp-spent").textContent = String(now.spent);
    document.getElementById("dp-left").textContent = String(Math.max(dp.dp - now.spent, 0));
    panel.querySelectorAll(".neutral-list li[data-unit]").forEach(function (li) {
      var province = li.dataset.unit;
      var most = now.on[province] === undefined ? pointsFor(province) : 0;  // bid on in the box: changed there
      li.hidden = most === 0;
      open += most > 0 ? 1 : 0;
      var points = li.querySelector("select[name=points]");
      Array.prototype.forEach.call(points.options, function (option) {
        var over = Number(option.value) > most;
        option.hidden = over;
        option.disabled = over;
      });
      if (most > 0 && Number(points.value) > most) { points.value = String(most); }
    });
    var none = document.getElementById("dp-none"), offer = document.getElementById("dp-offer");
    none.textContent = "You have " + dpSpentWords() + "; take a DP order out of your orders (or withdraw it) to change it.";
    none.hidden = open > 0;
    offer.hidden = open === 0;
  }

  box.addEventListener("orders:checked", function (event) {
    var result = event.detail;
    if (dp) {
      readBids(result);
      showBudget();
      if (state.entry && state.entry.dp) {  // an open DP choice offers the DP now left, or closes
        if (pointsFor(state.entry.unit.province)) { refresh(); } else { deselect(); }
      }
    }
    if (result.layer) { map.setOrders(result.layer); }
    document.querySelectorAll("[data-order-for]").forEach(function (el) { el.textContent = ""; el.className = "unit-order"; });
    (result.lines || []).forEach(function (line) {
      if (!line.unit) { return; }
      document.querySelectorAll('[data-order-for="' + line.unit + '"]').forEach(function (el) {
        el.textContent = (line.order || line.text.trim()) + (line.ok ? "" : ": " + line.problem);
        el.classList.add(line.ok ? "ok" : "bad");
      });
    });
  });
})();
