import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

interface ProductEditorLayoutProps {
  title: string;
  intro?: ReactNode;
  /** Links at the end of the heading row (e.g. View product). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of the Create Product and Edit Product Details pages, inside the staff shell (its navigation leads back). */
export function ProductEditorLayout({ title, intro, actions, children }: ProductEditorLayoutProps) {
  return (
    <div className="product-editor">
      <PageTitle title={title} />
      <div className="product-editor__head">
        <div>
          <h1 className="product-editor__title">{title}</h1>
          {intro ? <p className="product-editor__intro">{intro}</p> : null}
        </div>
        {actions ? <div className="product-editor__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
