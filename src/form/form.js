// Lapak order form and thank-you page, in the browser. The form works without this file
// (a plain POST priced on the server); this only shows live prices, sizes the iframe through
// the embed script (docs/embed.md: postMessage protocol) and takes the parent page's ad
// parameters. Plain ES5 for old phone browsers, no framework.
(function () {
  'use strict';
  var AD = /^(fbclid|gclid|utm_[a-z0-9_]{1,40})$/;
  var data = {};
  try {
    data = JSON.parse(document.getElementById('lapak-data').textContent) || {};
  } catch (e) { /* no data: nothing to do */ }
  var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
  var rupiah = function (n) { return 'Rp' + String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.'); };
  var form = document.querySelector('form.lf-card');

  // ---- The parent page (embed.js): messages only to and from its origin.
  var inFrame = window.parent !== window;
  var parentOrigin = null;
  try {
    if (location.ancestorOrigins && location.ancestorOrigins.length) parentOrigin = location.ancestorOrigins[0];
    else if (document.referrer && new URL(document.referrer).origin !== location.origin) parentOrigin = new URL(document.referrer).origin;
    // The thank-you page's referrer is the form itself: it reads what the form saw.
    if (parentOrigin) sessionStorage.setItem('lapak-parent', parentOrigin);
    else parentOrigin = sessionStorage.getItem('lapak-parent');
  } catch (e) { /* storage blocked: ancestorOrigins or referrer only */ }

  function send(msg) {
    if (!inFrame || !parentOrigin || parentOrigin === 'null') return;
    msg.lapak = 1;
    window.parent.postMessage(msg, parentOrigin);
  }
  function height() { return Math.ceil(document.documentElement.getBoundingClientRect().height); }
  var lastHeight = 0;
  function reportHeight() {
    var h = height();
    if (h !== lastHeight) { lastHeight = h; send({ type: 'height', height: h }); }
  }
  var acked = false;
  var tries = 0;
  function ready() {
    if (acked || tries++ > 40) return;
    send({ type: 'ready', height: height(), pixel: data.pixel || null });
    setTimeout(ready, 250);
  }
  function applyParams(params) {
    if (!form || !params) return;
    for (var k in params) {
      if (!has(params, k) || !AD.test(k) || typeof params[k] !== 'string') continue;
      var input = form.querySelector('input[type=hidden][name="' + k + '"]');
      if (!input) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = k;
        form.appendChild(input);
      }
      input.value = params[k].slice(0, 500);
    }
  }
  function lead() {
    if (!data.lead) return;
    var key = 'lapak-lead-' + data.lead.order_id;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch (e) { /* report anyway */ }
    send({ type: 'lead', order_id: data.lead.order_id, value: data.lead.value, currency: data.lead.currency });
  }
  window.addEventListener('message', function (e) {
    if (e.source !== window.parent || e.origin !== parentOrigin) return;
    var d = e.data;
    if (!d || d.lapak !== 1 || d.type !== 'params') return;
    if (!acked) { acked = true; lead(); }
    applyParams(d.params);
    view();
    lastHeight = 0;
    reportHeight();
  });
  // ---- One view beacon a page run (docs/insights.md "Form views"), with the UTM values an order
  // from this page carries: in a frame once the parent page's parameters came (or 3 s without).
  var viewed = false;
  function view() {
    if (viewed || !data.view || !form) return;
    viewed = true;
    try {
      var body = [];
      for (var i = 0, names = ['utm_source', 'utm_campaign']; i < names.length; i++) {
        var input = form.querySelector('input[type=hidden][name="' + names[i] + '"]');
        if (input && input.value) body.push(names[i] + '=' + encodeURIComponent(input.value));
      }
      body = body.join('&');
      var type = 'application/x-www-form-urlencoded';
      if (navigator.sendBeacon && navigator.sendBeacon(data.view, new Blob([body], { type: type }))) return;
      if (window.fetch) fetch(data.view, { method: 'POST', body: body, headers: { 'content-type': type }, keepalive: true, credentials: 'omit' }).then(null, function () {});
    } catch (e) { /* not counted */ }
  }
  if (inFrame && parentOrigin && parentOrigin !== 'null') setTimeout(view, 3000);
  else view();
  window.addEventListener('pagehide', view);
  if (window.ResizeObserver) new ResizeObserver(reportHeight).observe(document.documentElement);
  else setInterval(reportHeight, 500);
  window.addEventListener('load', reportHeight);
  ready();

  // ---- Live prices: the same rules as the server (src/orders/price.ts, src/shipping/rates.ts).
  var f = data.form;
  if (!form || !f) return;
  var $ = function (id) { return document.getElementById(id); };
  function cell(matrix, idx) {
    var c = matrix;
    for (var i = 0; i < idx.length; i++) c = c && typeof c === 'object' ? c[idx[i]] : undefined;
    return c;
  }
  function chosen() {
    var idx = [];
    for (var i = 0; i < 3; i++) {
      var el = form.elements['v' + i];
      if (!el) break;
      idx.push(parseInt(el.value, 10) || 0);
    }
    return idx;
  }
  function unit(idx) {
    if (!f.prices || !f.prices.length) return f.price;
    var c = cell(f.prices, idx);
    return typeof c === 'number' ? c : f.price;
  }
  function compare(idx, u) {
    var c = f.compare && f.compare.length ? cell(f.compare, idx) : f.sale;
    return typeof c === 'number' && c > u ? c : null;
  }
  function fee(courier, province) {
    var r = has(f.rates, courier) ? f.rates[courier] : null;
    if (!r) return null;
    if (has(r, province)) return r[province];
    return has(r, '*') ? r['*'] : null;
  }
  function update() {
    var idx = chosen();
    var u = unit(idx);
    var c = compare(idx, u);
    var q = parseInt(form.elements.quantity.value, 10);
    if (!(q >= 1 && q <= 99)) q = 1;
    var province = form.elements.province.value;
    var radios = form.querySelectorAll('input[name=courier]');
    var shipping = null;
    for (var i = 0; i < radios.length; i++) {
      var r = radios[i];
      var fe = province ? fee(r.value, province) : null;
      var only = f.rates[r.value];
      var label = r.parentNode.querySelector('.lf-fee');
      if (province) label.textContent = fe === null ? f.noRate : rupiah(fe);
      else label.textContent = has(only, '*') && Object.keys(only).length === 1 ? rupiah(only['*']) : f.chooseProvince;
      r.disabled = !!province && fe === null;
      if (r.disabled) r.checked = false;
      if (r.checked && province) shipping = fe;
    }
    $('lf-unit').textContent = rupiah(u);
    $('lf-compare').textContent = c === null ? '' : rupiah(c);
    $('lf-compare').hidden = c === null;
    $('lf-subtotal').textContent = rupiah(u * q);
    $('lf-shipping').textContent = shipping === null ? '-' : rupiah(shipping);
    $('lf-total').textContent = rupiah(u * q + (shipping || 0));
  }
  // ---- After a refused submit: a field's message hides as soon as its value passes the
  // server's rule (validate-submission.ts; the typed fields' rules come as data from
  // orders/field-rules.ts), and shows again if the value fails again.
  var rules = f.rules || {};
  function passes(rule, raw) {
    var v = String(raw).trim();
    var n = v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;
    if (n < rule.min || n > rule.max) return false;
    return !rule.pattern || new RegExp(rule.pattern).test(rule.strip ? v.replace(new RegExp(rule.strip, 'g'), '') : v);
  }
  function picked(name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : '';
  }
  function valid(name) {
    if (has(rules, name)) return passes(rules[name], form.elements[name].value);
    var province = form.elements.province.value;
    if (name === 'province') return province !== '';
    if (name === 'payment_method') return picked(name) !== '';
    if (name === 'variant') {
      for (var i = 0; form.elements['v' + i]; i++) if (form.elements['v' + i].value === '') return false;
      return true;
    }
    // courier: as the server, judged only once a province is chosen.
    var courier = picked('courier');
    return province ? fee(courier, province) !== null : courier !== '';
  }
  // The messages the page came back with, each with its field's box and control.
  var marked = [];
  var shown = form.querySelectorAll('.lf-err');
  for (var m = 0; m < shown.length; m++) {
    marked.push({ p: shown[m], name: shown[m].id.slice(2), control: form.querySelector('[aria-describedby="' + shown[m].id + '"]') });
  }
  // ---- The phone: a letter ("0812 3456 789O", an O for a zero) is said as soon as it is typed,
  // before any submit, in the server's words (FORM_TEXT.phoneLetters); the server refuses it too.
  var letters = f.phoneLetters ? new RegExp(f.phoneLetters.pattern) : null;
  function phoneEntry() {
    for (var i = 0; i < marked.length; i++) if (marked[i].name === 'phone') return marked[i];
    return null;
  }
  function phoneLetters() {
    var input = form.elements.phone;
    if (!letters || !input) return;
    var has = letters.test(input.value);
    var e = phoneEntry();
    if (!e && !has) return;
    if (!e) {
      var p = document.createElement('p');
      p.className = 'lf-err';
      p.id = 'e-phone';
      p.setAttribute('aria-live', 'polite');
      input.parentNode.appendChild(p);
      // Shown by the live check only: it hides again once the letter is gone.
      e = { p: p, name: 'phone', control: input, live: true, text: '' };
      marked.push(e);
    }
    if (e.text === undefined) e.text = e.p.textContent;
    e.p.textContent = has ? f.phoneLetters.text : e.text;
  }
  function recheck() {
    for (var i = 0; i < marked.length; i++) {
      var e = marked[i];
      var ok = e.live ? !letters.test(e.control.value) : valid(e.name);
      var box = e.p.parentNode;
      e.p.hidden = ok;
      box.className = box.className.replace(/ lf-invalid\b/, '') + (ok ? '' : ' lf-invalid');
      if (!e.control) continue;
      if (ok) { e.control.removeAttribute('aria-invalid'); e.control.removeAttribute('aria-describedby'); }
      else { e.control.setAttribute('aria-invalid', 'true'); e.control.setAttribute('aria-describedby', e.p.id); }
    }
  }
  function changed() { update(); phoneLetters(); recheck(); }
  form.addEventListener('change', changed);
  form.addEventListener('input', changed);
  update();
  // One submit per tap; the server's form token makes a second one harmless anyway.
  form.addEventListener('submit', function (e) {
    if (form.getAttribute('data-sent')) { e.preventDefault(); return; }
    form.setAttribute('data-sent', '1');
    form.querySelector('.lf-submit').disabled = true;
  });
  window.addEventListener('pageshow', function () {
    form.removeAttribute('data-sent');
    form.querySelector('.lf-submit').disabled = false;
  });
})();
