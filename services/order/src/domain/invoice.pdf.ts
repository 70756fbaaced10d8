import PDFDocument from 'pdfkit';
import { orderNumberOf, SHOP_TIME_ZONE } from '@shop/proto-contracts';
import type { TaxInvoice } from './invoice.model';

// The PDF's built-in Helvetica has no rupee sign, so amounts read 'Rs. 1,234.50'.
const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rs = (paise: number) => `Rs. ${number.format(paise / 100)}`;
const amount = (paise: number) => number.format(paise / 100);
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (l: TaxInvoice['lines'][number]) => string;
}

/** The invoice as an A4 PDF (pdfkit): seller, buyer, place of supply, lines with HSN and GST, totals in figures and words. */
export function renderInvoicePdf(inv: TaxInvoice): Promise<Buffer> {
  const credit = inv.kind === 'credit-note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  const doc = new PDFDocument({ size: 'A4', margin: 30, info: { Title: `${title} ${inv.number}`, Author: inv.seller.legalName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(16).text(title, left, 30, { width, align: 'center' });
  doc.moveDown(0.5);
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text(inv.seller.legalName, left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).text(inv.seller.address, { width: width / 2 - 10 });
  doc.text(`State: ${inv.seller.state}`);
  doc.text(`GSTIN: ${inv.seller.gstin}`);
  const sellerBottom = doc.y;

  const rightX = left + width / 2 + 10;
  const meta: Array<[string, string]> = [
    [credit ? 'Credit note number' : 'Invoice number', inv.number],
    [credit ? 'Credit note date' : 'Invoice date', dateFormat.format(inv.issuedAt)],
    ...(credit && inv.invoiceNumber ? [['Against invoice', inv.invoiceNumber] as [string, string]] : []),
    ['Order', orderNumberOf(inv.orderId)],
    ['Place of supply', inv.placeOfSupply],
  ];
  doc.y = top;
  for (const [label, value] of meta) doc.font('Helvetica').fontSize(9).text(`${label}: ${value}`, rightX, doc.y, { width: width / 2 - 10 });
  doc.y = Math.max(doc.y, sellerBottom) + 12;

  doc.font('Helvetica-Bold').fontSize(10).text('Bill to / Ship to', left, doc.y);
  doc.font('Helvetica').fontSize(9).text(inv.buyer.name, { width });
  doc.text(inv.buyer.address, { width });
  doc.text(`State: ${inv.buyer.state}   Phone: ${inv.buyer.phone}`, { width });
  doc.moveDown(0.8);

  // Each line has its own rate (decision 0046): CGST and SGST are half of it each, IGST all of it.
  const taxColumns: Column[] = inv.intraState
    ? [
        { title: 'CGST', width: 46, align: 'right', value: (l) => amount(l.cgstPaise) },
        { title: 'SGST', width: 46, align: 'right', value: (l) => amount(l.sgstPaise) },
      ]
    : [{ title: 'IGST', width: 92, align: 'right', value: (l) => amount(l.igstPaise) }];
  const columns: Column[] = [
    { title: '#', width: 16, align: 'left', value: (l) => String(l.no) },
    { title: 'Description', width: 118, align: 'left', value: (l) => l.description },
    { title: 'HSN', width: 44, align: 'left', value: (l) => l.hsn },
    { title: 'Qty', width: 22, align: 'right', value: (l) => String(l.quantity) },
    { title: inv.pricesIncludeGst ? 'Price (incl. GST)' : 'Price', width: 52, align: 'right', value: (l) => amount(l.unitPricePaise) },
    { title: 'Discount', width: 44, align: 'right', value: (l) => amount(l.discountPaise) },
    { title: 'Taxable value', width: 56, align: 'right', value: (l) => amount(l.taxablePaise) },
    { title: 'GST rate', width: 32, align: 'right', value: (l) => `${l.ratePercent}%` },
    ...taxColumns,
  ];
  const used = columns.reduce((s, c) => s + c.width, 0);
  columns.push({ title: 'Amount', width: width - used, align: 'right', value: (l) => amount(l.totalPaise) });

  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((text, k) => {
      const col = columns[k]!;
      doc.text(text, x + 2, y, { width: col.width - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.y = bottom + 4;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.5).strokeColor('#999999').stroke();
  };
  row(columns.map((c) => c.title), true);
  for (const line of inv.lines) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    row(columns.map((c) => c.value(line)), false);
  }

  doc.moveDown(0.5);
  const totals: Array<[string, string]> = [];
  // The lines' discounts include the coupon's share; say which coupon and how much.
  if (inv.coupon) totals.push([`Coupon ${inv.coupon.code} (in Discount)`, rs(inv.coupon.discountPaise)]);
  totals.push(['Taxable value', rs(inv.taxablePaise)]);
  if (inv.intraState) totals.push(['CGST', rs(inv.cgstPaise)], ['SGST', rs(inv.sgstPaise)]);
  else totals.push(['IGST', rs(inv.igstPaise)]);
  // Orders from before decision 0045 charged shipping outside the taxed lines; later ones have it as a line.
  if (!inv.pricesIncludeGst) totals.push(['Shipping', rs(inv.shippingPaise)]);
  if (inv.roundOffPaise !== 0) totals.push(['Round off', `${inv.roundOffPaise < 0 ? '-' : ''}${rs(Math.abs(inv.roundOffPaise))}`]);
  const totalLabel = credit ? 'Credit note total' : 'Invoice total';
  totals.push([totalLabel, rs(inv.totalPaise)]);
  for (const [label, value] of totals) {
    const y = doc.y;
    const bold = label === totalLabel;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(label, left + width - 250, y, { width: 140, align: 'left' });
    doc.text(value, left + width - 110, y, { width: 110, align: 'right' });
  }
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).text(`Amount in words: ${inv.totalInWords}`, left, doc.y, { width });
  doc.moveDown(1.5);
  const footer = credit
    ? 'Issued for goods returned: reduces the taxable value and GST of the invoice above. This is a computer-generated credit note and needs no signature.'
    : 'Tax is not payable on reverse charge basis. This is a computer-generated invoice and needs no signature.';
  doc.fontSize(8).fillColor('#555555').text(footer, { width });
  doc.text(`For ${inv.seller.legalName}`, { width, align: 'right' });
  doc.end();
  return done;
}
