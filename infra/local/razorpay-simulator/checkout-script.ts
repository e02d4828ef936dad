/**
 * The simulator's Checkout script: defines `window.Razorpay` with Razorpay Checkout's options and
 * events, and `open()` shows a test-mode payment sheet (a modal dialog) whose Pay and Fail buttons
 * call `/_simulator/pay`. Served only by the simulator; the production build loads Razorpay's own.
 */
export function checkoutScript(simulatorOrigin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(simulatorOrigin)};
  var STYLE_ID = 'rzp-sim-style';
  var CSS = [
    '.rzp-sim-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483000;font:15px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}',
    '.rzp-sim-sheet{background:#fff;color:#1a1a1a;width:min(380px,94vw);border-radius:10px;box-shadow:0 10px 40px rgba(0,0,0,.35);overflow:hidden}',
    '.rzp-sim-head{padding:16px 18px;color:#fff;display:flex;justify-content:space-between;align-items:flex-start;gap:8px}',
    '.rzp-sim-head h2{margin:0;font-size:17px}.rzp-sim-head p{margin:2px 0 0;font-size:13px;opacity:.9}',
    '.rzp-sim-amount{font-size:22px;font-weight:700;margin-top:8px}',
    '.rzp-sim-close{background:transparent;border:0;color:#fff;font-size:22px;line-height:1;cursor:pointer;padding:2px 6px;border-radius:4px}',
    '.rzp-sim-badge{display:inline-block;background:#fff3cd;color:#664d03;font-size:12px;padding:2px 8px;border-radius:10px;margin:10px 18px 0}',
    '.rzp-sim-tabs{display:flex;border-bottom:1px solid #ddd;margin:10px 18px 0}',
    '.rzp-sim-tab{flex:1;background:none;border:0;border-bottom:3px solid transparent;padding:8px;font:inherit;cursor:pointer;color:#333}',
    '.rzp-sim-tab[aria-selected=true]{border-bottom-color:currentColor;font-weight:600;color:#111}',
    '.rzp-sim-panel{padding:14px 18px;font-size:14px}.rzp-sim-panel label{display:block;margin-bottom:4px;color:#444}',
    '.rzp-sim-panel input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #bbb;border-radius:6px;font:inherit;background:#f7f7f7}',
    '.rzp-sim-actions{display:flex;gap:10px;padding:0 18px 18px}',
    '.rzp-sim-actions button{flex:1;padding:11px;border-radius:6px;font:inherit;font-weight:600;cursor:pointer}',
    '.rzp-sim-pay{border:0;color:#fff}.rzp-sim-fail{background:#fff;border:1px solid #b02a37;color:#b02a37}',
    '.rzp-sim-status{margin:0 18px 12px;font-size:14px;min-height:1.2em}.rzp-sim-status.error{color:#b02a37}',
    '.rzp-sim-sheet button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}'
  ].join('');

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return '\\u20b9' + (paise / 100).toFixed(2);
    }
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'className') node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (cb) {
      try { cb(payload); } catch (e) { setTimeout(function () { throw e; }); }
    });
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.remove();
    this.root = null;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    if (this.root) return this;
    if (!document.getElementById(STYLE_ID)) {
      var style = el('style', { id: STYLE_ID });
      style.textContent = CSS;
      document.head.appendChild(style);
    }
    var color = (o.theme && o.theme.color) || '#3399cc';
    var amountText = formatAmount(Number(o.amount) || 0, o.currency);
    var method = 'card';
    var busy = false;
    // recurring: 1 registers a mandate (a saved card or UPI Autopay) with this payment.
    var recurring = String(o.recurring) === '1' || o.recurring === true;

    var closeBtn = el('button', { type: 'button', className: 'rzp-sim-close', 'aria-label': 'Close payment' , text: '\\u00d7' });
    var title = el('h2', { id: 'rzp-sim-title', text: o.name || 'Payment' });
    var desc = el('p', { id: 'rzp-sim-desc', text: o.description || '' });
    var amount = el('div', { className: 'rzp-sim-amount', text: recurring ? amountText + ' to authorise a mandate for later debits' : amountText });
    var head = el('div', { className: 'rzp-sim-head' }, [el('div', {}, [title, desc, amount]), closeBtn]);
    head.style.background = color;

    var cardTab = el('button', { type: 'button', role: 'tab', id: 'rzp-sim-tab-card', className: 'rzp-sim-tab', 'aria-selected': 'true', 'aria-controls': 'rzp-sim-panel-card', text: 'Card' });
    var upiTab = el('button', { type: 'button', role: 'tab', id: 'rzp-sim-tab-upi', className: 'rzp-sim-tab', 'aria-selected': 'false', 'aria-controls': 'rzp-sim-panel-upi', tabindex: '-1', text: recurring ? 'UPI Autopay' : 'UPI' });
    var tabs = el('div', { role: 'tablist', 'aria-label': 'Payment method', className: 'rzp-sim-tabs' }, [cardTab, upiTab]);
    var cardInput = el('input', { id: 'rzp-sim-card', readonly: 'readonly', value: '4111 1111 1111 1111' });
    var cardPanel = el('div', { role: 'tabpanel', id: 'rzp-sim-panel-card', 'aria-labelledby': 'rzp-sim-tab-card', className: 'rzp-sim-panel' },
      [el('label', { for: 'rzp-sim-card', text: 'Test card number' }), cardInput]);
    var upiInput = el('input', { id: 'rzp-sim-vpa', readonly: 'readonly', value: 'success@razorpay' });
    var upiPanel = el('div', { role: 'tabpanel', id: 'rzp-sim-panel-upi', 'aria-labelledby': 'rzp-sim-tab-upi', className: 'rzp-sim-panel', hidden: 'hidden' },
      [el('label', { for: 'rzp-sim-vpa', text: 'Test UPI ID' }), upiInput]);

    var status = el('p', { className: 'rzp-sim-status', role: 'status', 'aria-live': 'polite' });
    var payBtn = el('button', { type: 'button', className: 'rzp-sim-pay', text: (recurring ? 'Authorise ' : 'Pay ') + amountText });
    payBtn.style.background = color;
    var failBtn = el('button', { type: 'button', className: 'rzp-sim-fail', text: 'Fail payment' });
    var actions = el('div', { className: 'rzp-sim-actions' }, [payBtn, failBtn]);
    var badge = el('span', { className: 'rzp-sim-badge', text: 'Test mode \\u2014 no real money moves' });

    var sheet = el('div', { className: 'rzp-sim-sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-sim-title', 'aria-describedby': 'rzp-sim-desc' },
      [head, badge, tabs, cardPanel, upiPanel, status, actions]);
    var backdrop = el('div', { className: 'rzp-sim-backdrop', 'data-razorpay-simulator': '' }, [sheet]);

    function select(which) {
      method = which;
      var card = which === 'card';
      cardTab.setAttribute('aria-selected', String(card));
      upiTab.setAttribute('aria-selected', String(!card));
      cardTab.tabIndex = card ? 0 : -1;
      upiTab.tabIndex = card ? -1 : 0;
      cardPanel.hidden = !card;
      upiPanel.hidden = card;
      (card ? cardTab : upiTab).focus();
    }
    cardTab.addEventListener('click', function () { select('card'); });
    upiTab.addEventListener('click', function () { select('upi'); });
    tabs.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') { e.preventDefault(); select(method === 'card' ? 'upi' : 'card'); }
    });

    function dismiss() {
      if (busy) return;
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    closeBtn.addEventListener('click', dismiss);

    this.onKey = function (e) {
      if (e.key === 'Escape') { e.preventDefault(); dismiss(); return; }
      if (e.key === 'Tab') {
        var focusable = Array.prototype.filter.call(sheet.querySelectorAll('button, input'), function (n) { return !n.disabled && n.offsetParent !== null && n.tabIndex !== -1; });
        if (!focusable.length) return;
        var first = focusable[0], last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
      }
    };

    function pay(outcome) {
      if (busy) return;
      busy = true;
      payBtn.disabled = true;
      failBtn.disabled = true;
      status.className = 'rzp-sim-status';
      status.textContent = 'Processing payment\\u2026';
      var prefill = o.prefill || {};
      fetch(ORIGIN + '/_simulator/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, outcome: outcome, method: method, email: prefill.email || '', contact: prefill.contact || '', description: o.description || '' })
      }).then(function (res) {
        return res.json().then(function (body) { return { ok: res.ok, body: body }; });
      }).then(function (answer) {
        busy = false;
        if (answer.ok && answer.body.razorpay_payment_id) {
          self.close();
          if (typeof o.handler === 'function') o.handler(answer.body);
          return;
        }
        var error = (answer.body && answer.body.error) || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'customer', step: 'payment_authorization', reason: 'payment_failed', metadata: {} };
        payBtn.disabled = false;
        failBtn.disabled = false;
        status.className = 'rzp-sim-status error';
        status.textContent = error.description + '. You can try again or close this window.';
        self.emit('payment.failed', { error: error });
      }).catch(function () {
        busy = false;
        payBtn.disabled = false;
        failBtn.disabled = false;
        status.className = 'rzp-sim-status error';
        status.textContent = 'Could not reach the payment simulator.';
      });
    }
    payBtn.addEventListener('click', function () { pay('success'); });
    failBtn.addEventListener('click', function () { pay('failure'); });

    this.returnFocus = document.activeElement;
    this.root = backdrop;
    document.body.appendChild(backdrop);
    document.addEventListener('keydown', this.onKey, true);
    payBtn.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
}
