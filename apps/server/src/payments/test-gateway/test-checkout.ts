import { recordConsent } from '@lionrock/domain/consents/consents';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';

/**
 * A bare page that drives the payment calls by hand, before the travel journey's payment screen
 * existed (design section 6): quote a Singapore trip, then pay it by card through the gateway frame or by
 * PayNow, and see the receipt's verified result and the issued policy. Test hosts only; it follows
 * the shop's CSP (scripts and styles by URL, the frame and the form posts to 'self').
 */
export async function testCheckoutRoutes(app: FastifyInstance, options: { now: () => Date }): Promise<void> {
  app.get('/gateway/test-checkout', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(PAGE),
  );
  app.get('/gateway/test-checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(SCRIPT),
  );
  app.get('/gateway/test-checkout.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLE),
  );
  app.get('/gateway/test-checkout/policy', { schema: { hide: true } }, async () => {
    const at = options.now();
    const consent = recordConsent(true, at.toISOString());
    return {
      ...buildTravelPolicy(todayIn(MARKETS.SGP.timeZone, at)),
      consents: {
        declaration1: consent,
        declaration2: consent,
        marketing: recordConsent(false, at.toISOString()),
      },
    };
  });
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lionrock test checkout</title>
<link rel="stylesheet" href="/gateway/test-checkout.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main>
<h1>Test checkout</h1>
<p>Drives the payment calls against the built-in test gateway. Test cards are listed in
<code>apps/server/src/payments/test-gateway/README.md</code>.</p>
<section>
<h2>1. Quote</h2>
<button type="button" id="quote">Quote a Singapore single trip</button>
<p id="price" aria-live="polite"></p>
</section>
<section>
<h2>2. Pay by card</h2>
<form id="card-form">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" value="4111111111111111" inputmode="numeric" autocomplete="off">
<label for="card-expiry">Expiry (MM-YYYY)</label>
<input id="card-expiry" name="card_expiry_date" value="12-2030" autocomplete="off">
<label for="card-cvn">CVV</label>
<input id="card-cvn" name="card_cvn" value="123" inputmode="numeric" autocomplete="off">
<button type="submit" id="pay-card" disabled>Pay by card</button>
</form>
</section>
<section>
<h2>3. Or pay by PayNow</h2>
<button type="button" id="pay-paynow" disabled>Show PayNow QR</button>
<div id="qr" hidden>
<img id="qr-image" alt="PayNow QR code" width="240" height="240">
<p id="qr-expiry"></p>
<button type="button" id="simulate">Simulate the bank payment</button>
</div>
</section>
<section>
<h2>Result</h2>
<p id="status" role="status" aria-live="polite">Nothing yet.</p>
<pre id="result"></pre>
</section>
<iframe id="gateway-frame" name="gateway-frame" title="Card payment" class="hidden-frame"></iframe>
</main>
<script src="/gateway/test-checkout.js"></script>
</body>
</html>
`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1a1d23}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
section{background:#fff;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
label{display:block;margin-top:.75rem;font-weight:600}
input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #9aa1ad;border-radius:4px}
button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#b3122e;color:#fff;cursor:pointer}
button:disabled{background:#9aa1ad;cursor:not-allowed}
pre{white-space:pre-wrap;word-break:break-word;font-size:.85rem}
.hidden-frame{position:absolute;width:1px;height:1px;border:0;left:-9999px}
.dialog-frame{position:fixed;inset:10% 10%;width:80%;height:80%;border:2px solid #1a1d23;border-radius:8px;background:#fff;z-index:10}
.dimmed{opacity:.3}`;

const SCRIPT = `(function () {
  'use strict';
  var session = 'test-checkout-' + Math.random().toString(36).slice(2) + Date.now().toString(36);
  var policy = null;
  var byId = function (id) { return document.getElementById(id); };
  var status = function (text) { byId('status').textContent = text; };
  var show = function (value) { byId('result').textContent = JSON.stringify(value, null, 2); };

  function call(path, body, key) {
    var headers = { 'content-type': 'application/json', 'session-name': session };
    if (key) headers['idempotency-key'] = key;
    return fetch('/b2c-server/rest/' + path, { method: 'POST', headers: headers, body: JSON.stringify(body) })
      .then(function (response) { return response.json().then(function (json) { return { status: response.status, json: json }; }); });
  }

  byId('quote').addEventListener('click', function () {
    status('Quoting…');
    fetch('/gateway/test-checkout/policy').then(function (r) { return r.json(); }).then(function (fixture) {
      return call('policy/multirate', fixture).then(function (quoted) {
        var chosen = Object.assign({}, fixture, {
          policyTravel: Object.assign({}, fixture.policyTravel, { policyPremium: quoted.json.policyTravel.premiumItems[0] })
        });
        return call('policy/rate', chosen).then(function (rated) {
          policy = Object.assign({}, rated.json, { consents: fixture.consents });
          var item = policy.policyTravel.policyPremium;
          byId('price').textContent = item.planName + ': S$' + item.totalPremium.toFixed(2);
          byId('pay-card').disabled = false;
          byId('pay-paynow').disabled = false;
          status('Quoted. Choose how to pay.');
        });
      });
    }).catch(function (error) { status('Quote failed: ' + error.message); });
  });

  byId('card-form').addEventListener('submit', function (event) {
    event.preventDefault();
    status('Asking the server for the signed payment fields…');
    var key = 'pay-' + Date.now().toString(36);
    call('policy/updateToPending', Object.assign({}, policy, { status: undefined }), key).then(function (answer) {
      if (answer.status !== 200 || !answer.json.paymentSignature) { status('Payment Failed'); show(answer.json); return; }
      policy = answer.json.policy;
      var signature = answer.json.paymentSignature;
      var form = document.createElement('form');
      form.method = 'post';
      form.action = signature.paymentUrl;
      form.target = 'gateway-frame';
      var fields = Object.assign({}, signature);
      delete fields.paymentUrl;
      fields.signature = fields.paymentSignatureKey;
      delete fields.paymentSignatureKey;
      var number = byId('card-number').value.replace(/\\D/g, '');
      fields.card_type = number.charAt(0) === '4' ? '001' : '002';
      fields.card_number = number;
      fields.card_expiry_date = byId('card-expiry').value;
      fields.card_cvn = byId('card-cvn').value;
      Object.keys(fields).forEach(function (name) {
        var input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = fields[name];
        form.appendChild(input);
      });
      document.body.appendChild(form);
      status('Paying at the gateway…');
      form.submit();
      form.remove();
    });
  });

  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || !event.data) return;
    var frame = byId('gateway-frame');
    if (event.data.source === 'lionrock-test-gateway' && event.data.type === 'challenge') {
      frame.className = 'dialog-frame';
      status('Your bank asks you to confirm the payment.');
      return;
    }
    if (event.data.source !== 'lionrock-receipt') return;
    frame.className = 'hidden-frame';
    var result = event.data.result;
    show(result);
    if (!result.paid) { status('Not paid: ' + (result.messageKey || '') + ' ' + (result.detail || '')); return; }
    call('policy/issueAndReceiptPolicy', policy).then(function (issued) {
      show({ receipt: result, policy: issued.json });
      status('Issued: policy ' + issued.json.policyNumber + ', receipt ' + issued.json.receiptNumber);
    });
  });

  var poll = null;
  byId('pay-paynow').addEventListener('click', function () {
    status('Making a PayNow QR…');
    call('policy/updateToPendingGenerateQR', Object.assign({}, policy, { status: undefined })).then(function (answer) {
      if (answer.status !== 200 || answer.json.error) { status('QR failed'); show(answer.json); return; }
      policy = answer.json.policy;
      var qr = answer.json.response;
      byId('qr').hidden = false;
      byId('qr-image').className = '';
      byId('qr-image').src = 'data:image/png;base64,' + qr.qrCode;
      byId('qr-expiry').textContent = 'Valid until ' + new Date(qr.expiryTime).toLocaleTimeString();
      byId('simulate').onclick = function () { call('payNow/qrCodeSimulatePaymentB2C', { txnRef: qr.txnRef }); };
      if (poll) clearInterval(poll);
      var check = function () {
        call('payNow/checkB2CPaymentSuccess', Object.assign({}, policy, { payment: { paymentReferenceNumber: qr.txnRef } })).then(function (state) {
          if (state.json.success) {
            clearInterval(poll);
            call('payNow/issueAndReceiptQRPolicy', policy).then(function (issued) {
              show(issued.json);
              status('Issued: policy ' + issued.json.policyNumber + ', receipt ' + issued.json.receiptNumber);
            });
          } else if (state.json.error) {
            clearInterval(poll);
            byId('qr-image').className = 'dimmed';
            status('QR: ' + state.json.message);
          }
        });
      };
      setTimeout(function () { check(); poll = setInterval(check, 1000); }, 1000);
      status('Scan the QR, or simulate the bank payment.');
    });
  });
})();
`;
