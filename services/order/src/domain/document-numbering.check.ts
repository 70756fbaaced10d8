import { sql } from 'drizzle-orm';
import type { Db } from '@shop/platform';
import { creditNoteCounters, creditNotes, invoiceCounters, invoices } from '../db/schema';

/** What an audit of a document series (tax invoices or credit notes) found in one financial year. */
export interface NumberingIssue {
  document: 'invoice' | 'credit-note';
  financialYear: string;
  kind: 'counter-behind' | 'counter-ahead' | 'gap' | 'duplicate';
  /** The sequence numbers concerned (missing ones for a gap, repeated ones for a duplicate). */
  sequences: number[];
  counter: number | null;
  highest: number;
  /** Only a counter behind its highest number is repaired (advanced to it); the rest is for the operator. */
  repaired: boolean;
}

const series = {
  invoice: { documents: invoices, counters: invoiceCounters },
  'credit-note': { documents: creditNotes, counters: creditNoteCounters },
} as const;

/**
 * Audits the consecutive numbering of tax invoices and credit notes per financial year (decisions
 * 0045 and 0048) after a restore: numbers missing below the highest (a gap), numbers issued twice,
 * and a counter that is not at the highest number issued. With `repair`, a counter behind (or
 * missing) is advanced to the highest number, so the next document can never take a number issued
 * already; run again it finds nothing. Gaps, duplicates and a counter ahead (documents lost) are
 * listed only: issued tax documents are never renumbered.
 */
export async function auditDocumentNumbers(db: Db, opts: { repair: boolean }): Promise<NumberingIssue[]> {
  const issues: NumberingIssue[] = [];
  for (const document of ['invoice', 'credit-note'] as const) {
    const { documents, counters } = series[document];
    const rows = await db.select({ financialYear: documents.financialYear, sequence: documents.sequence }).from(documents);
    const counterRows = await db.select().from(counters);
    const counterOf = new Map(counterRows.map((c) => [c.financialYear, c.lastNumber]));
    const byYear = new Map<string, number[]>();
    for (const r of rows) byYear.set(r.financialYear, [...(byYear.get(r.financialYear) ?? []), r.sequence]);
    for (const year of [...new Set([...byYear.keys(), ...counterOf.keys()])].sort()) {
      const sequences = (byYear.get(year) ?? []).sort((a, b) => a - b);
      const highest = sequences.at(-1) ?? 0;
      const counter = counterOf.get(year) ?? null;
      const seen = new Set<number>();
      const repeated = new Set<number>();
      for (const n of sequences) (seen.has(n) ? repeated : seen).add(n);
      const missing: number[] = [];
      for (let n = 1; n < highest; n++) if (!seen.has(n)) missing.push(n);
      const base = { document, financialYear: year, counter, highest };
      if (repeated.size) issues.push({ ...base, kind: 'duplicate', sequences: [...repeated], repaired: false });
      if (missing.length) issues.push({ ...base, kind: 'gap', sequences: missing, repaired: false });
      if ((counter ?? 0) < highest) {
        if (opts.repair) {
          // Only ever forward, and only while still behind: run twice (or beside a delivery) it changes nothing more.
          await db
            .insert(counters)
            .values({ financialYear: year, lastNumber: highest })
            .onConflictDoUpdate({ target: counters.financialYear, set: { lastNumber: sql`greatest(${counters.lastNumber}, ${highest})` } });
        }
        issues.push({ ...base, kind: 'counter-behind', sequences: [], repaired: opts.repair });
      } else if (counter !== null && counter > highest) {
        const lost: number[] = [];
        for (let n = highest + 1; n <= counter; n++) lost.push(n);
        issues.push({ ...base, kind: 'counter-ahead', sequences: lost, repaired: false });
      }
    }
  }
  return issues;
}
