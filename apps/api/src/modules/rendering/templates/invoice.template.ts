import type { presentInvoice } from '../../money';
import { html } from './html';
import { dateTime, dayOrDateTime, documentShell, PRODUCT_LOGO, PROVIDER } from './layout';

export type InvoiceView = ReturnType<typeof presentInvoice>;

const CSS = `
.title { font-size: 20pt; font-weight: 700; color: #1f4e79; text-align: right; }
.provider { text-align: right; font-size: 8.5pt; color: #4a5a6a; }
.parties { display: flex; justify-content: space-between; gap: 24px; margin: 10px 0 16px; }
.parties > div { flex: 1; }
.label { color: #4a5a6a; font-size: 8.5pt; text-transform: uppercase; letter-spacing: .04em; margin-bottom: 3px; }
.details th { color: #4a5a6a; font-weight: 600; width: 45%; padding: 2px 6px; }
.details td { padding: 2px 6px; }
.items { margin-top: 6px; }
.summary td { border: none; padding: 3px 6px; }
.summary .total td { font-weight: 700; border-top: 2px solid #1f4e79; }
.items tr { break-inside: avoid; }
`;

/** Money 2.14's invoice view as a print layout, with money 9's calculated rows; individuals get 'Receipt'. */
export function invoiceHtml(inv: InvoiceView): string {
  const money = (amount: number) => `${amount < 0 ? '-' : ''}${inv.currencySymbol}${Math.abs(amount).toFixed(2)}`;
  const c = inv.company;
  const customerLines = [c.addressStreet1, c.addressStreet2, c.addressStreet3, c.addressCity, c.addressPostCode, c.addressCountry.name].filter((l) => !!l);
  const headings = inv.showPriceHeadings;
  const body = html`
<div class="head">
  <div>${PRODUCT_LOGO}</div>
  <div><div class="title">${inv.title}</div><div class="provider">${PROVIDER.lines.map((l) => html`${l}<br>`)}${PROVIDER.email}</div></div>
</div>
<div class="parties">
  <div>
    <div class="label">Customer</div>
    <div><strong>${c.name}</strong></div>
    ${c.vatId ? html`<div>VAT ID: ${c.vatId}</div>` : null}
    ${customerLines.map((l) => html`<div>${l}</div>`)}
  </div>
  <div>
    <table class="details">
      <tr><th>Invoice Date</th><td>${dateTime(inv.created)}</td></tr>
      <tr><th>Invoice #</th><td>${inv.id}</td></tr>
      <tr><th>Receipt Id</th><td>${inv.receiptId ?? ''}</td></tr>
      <tr><th>Transaction Id</th><td>${inv.transactionId ?? ''}</td></tr>
      <tr><th>Status</th><td>${inv.status === 'PAID' ? `Paid ${dayOrDateTime(inv.paidAt)}` : 'Awaiting payment'}</td></tr>
    </table>
  </div>
</div>
<table class="grid items">
  <thead><tr><th>Item</th><th class="num">${headings ? 'Our Price' : ''}</th><th class="num">${headings ? 'Institute Surcharge' : ''}</th><th class="num">Total</th></tr></thead>
  <tbody>${inv.items.map(
    (i) => html`<tr><td>${i.label}</td><td class="num">${headings ? money(i.price) : ''}</td><td class="num">${headings ? money(i.surcharge) : ''}</td><td class="num">${money(i.total)}</td></tr>`,
  )}</tbody>
</table>
<table class="summary">
  ${inv.summary.map(
    (r) => html`<tr class="${r.label === 'Total' || r.label === 'Total Paid' ? 'total' : ''}"><td style="width:70%"></td><td class="num">${r.label}</td><td class="num" style="width:16%">${money(r.amount)}</td></tr>`,
  )}
</table>`;
  return documentShell(`${inv.title} ${inv.id}`, CSS, body);
}
