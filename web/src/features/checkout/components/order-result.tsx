import type { ReactNode } from 'react';

interface OrderResultProps {
  /** neutral: nothing happened (e.g. the success page opened without an order). */
  tone: 'success' | 'failure' | 'neutral';
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

function SuccessMark() {
  return (
    <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

function FailureMark() {
  return (
    <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

function NeutralMark() {
  return (
    <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h6" />
    </svg>
  );
}

const MARKS = { success: SuccessMark, failure: FailureMark, neutral: NeutralMark };

/** The card of the order success and failure pages: a mark, the heading, what happened, ways on. */
export function OrderResult({ tone, title, children, actions }: OrderResultProps) {
  return (
    <section className={`order-result order-result--${tone}`} aria-labelledby="order-result-title">
      <span className="order-result__mark">{MARKS[tone]()}</span>
      <h1 id="order-result-title" className="order-result__title">
        {title}
      </h1>
      {children}
      <div className="order-result__actions">{actions}</div>
    </section>
  );
}
