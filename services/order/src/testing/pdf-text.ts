import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * The text of a PDF, page by page, read back with pdf.js (as a person's PDF viewer would), for
 * tests that check what an invoice says. Items on one line are joined with spaces.
 */
export function pdfText(data: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-text-reader.mjs')], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pdf.js could not read the PDF: ${stderr || error.message}`));
      else resolve(stdout);
    });
    child.stdin?.end(Buffer.from(data));
  });
}
