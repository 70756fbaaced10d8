// Reads a PDF from stdin and prints its text, page by page, items on one line joined with spaces.
// Run as its own Node process: pdf.js is an ES module with a lazily loaded worker, which Jest's
// module sandbox cannot host across test files.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  const lines = [];
  let current = [];
  let lastY;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = Math.round(item.transform[5]);
    if (lastY !== undefined && y !== lastY && current.length) {
      lines.push(current.join(' '));
      current = [];
    }
    if (item.str.trim()) current.push(item.str.trim());
    lastY = y;
  }
  if (current.length) lines.push(current.join(' '));
  pages.push(lines.join('\n'));
}
await doc.destroy();
process.stdout.write(pages.join('\n'));
