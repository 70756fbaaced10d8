import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { AdminCategory, AdminSubcategory } from '../api/admin-categories-documents';
import { useAdminCategories } from '../hooks/use-admin-categories';

const SIZE_SETS = ['letters', 'shoe', 'waist', 'kids', 'free'] as const;

type Actions = ReturnType<typeof useAdminCategories>;

/** One line: a name, or (while renaming) a field with Save and Cancel. */
function NameEditor({ name, label, busy, onSave }: { name: string; label: string; busy: boolean; onSave(name: string): Promise<boolean> }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setDraft(name)}>
        Rename<span className="sr-only"> {label}</span>
      </button>
    );
  }
  return (
    <form
      className="admin-category__rename"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onSave(draft)) setDraft(null);
      }}
    >
      <input className="field__input" aria-label={`New name for ${label}`} value={draft} maxLength={60} onChange={(event) => setDraft(event.target.value)} autoFocus />
      <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn btn--outline btn--sm" onClick={() => setDraft(null)}>
        Cancel
      </button>
    </form>
  );
}

function SubcategoryRow({ sub, actions }: { sub: AdminSubcategory; actions: Actions | null }) {
  return (
    <li className="admin-category__sub">
      <span>
        {sub.name}
        {sub.hidden ? <span className="badge badge--light"> Hidden</span> : null}
      </span>
      {actions ? (
        <span className="admin-category__sub-actions">
          <NameEditor name={sub.name} label={sub.name} busy={actions.busy} onSave={(name) => actions.update(sub.id, { name })} />
          <button type="button" className="btn btn--outline btn--sm" disabled={actions.busy} onClick={() => void actions.update(sub.id, { hidden: !sub.hidden })}>
            {sub.hidden ? 'Show' : 'Hide'}
            <span className="sr-only"> {sub.name}</span>
          </button>
          <button type="button" className="btn btn--sm admin-ops-btn--danger" disabled={actions.busy} onClick={() => void actions.remove(sub.id, sub.name)}>
            Delete<span className="sr-only"> {sub.name}</span>
          </button>
        </span>
      ) : null}
    </li>
  );
}

function AddSubcategory({ category, actions }: { category: AdminCategory; actions: Actions }) {
  const id = useId();
  const [name, setName] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await actions.create({ name, parentId: category.id })) setName('');
  }
  return (
    <form className="admin-category__add-sub" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        New subcategory of {category.name}
      </label>
      <input id={id} className="field__input" placeholder="New subcategory" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} required />
      <button type="submit" className="btn btn--outline btn--sm" disabled={actions.busy}>
        Add subcategory<span className="sr-only"> to {category.name}</span>
      </button>
    </form>
  );
}

function CategoryRow({ category, last, actions }: { category: AdminCategory; last: boolean; actions: Actions | null }) {
  return (
    <li className={`admin-category${category.hidden ? ' admin-category--hidden' : ''}`}>
      <div className="admin-category__head">
        <h3 className="admin-category__name">
          <Link to={`/products/${category.index}`}>{category.name}</Link>
          {category.hidden ? <span className="badge badge--light"> Hidden</span> : null}
        </h3>
        <span className="admin-category__count">
          {formatCount(category.productCount)} {category.productCount === 1 ? 'product' : 'products'}
          {category.colors ? ' · colours' : ''}
          {category.ssize ? ` · sizes (${category.sizeSet})` : ''}
        </span>
      </div>
      {actions ? (
        <div className="admin-category__actions">
          <NameEditor name={category.name} label={category.name} busy={actions.busy} onSave={(name) => actions.update(category.id, { name })} />
          <button type="button" className="btn btn--outline btn--sm" disabled={actions.busy || category.index === 0} onClick={() => void actions.update(category.id, { position: category.index - 1 })}>
            Move up<span className="sr-only"> {category.name}</span>
          </button>
          <button type="button" className="btn btn--outline btn--sm" disabled={actions.busy || last} onClick={() => void actions.update(category.id, { position: category.index + 1 })}>
            Move down<span className="sr-only"> {category.name}</span>
          </button>
          <button type="button" className="btn btn--outline btn--sm" disabled={actions.busy} onClick={() => void actions.update(category.id, { hidden: !category.hidden })}>
            {category.hidden ? 'Show' : 'Hide'}
            <span className="sr-only"> {category.name}</span>
          </button>
          <button type="button" className="btn btn--sm admin-ops-btn--danger" disabled={actions.busy} onClick={() => void actions.remove(category.id, category.name)}>
            Delete<span className="sr-only"> {category.name}</span>
          </button>
        </div>
      ) : null}
      {category.subcategories.length > 0 ? (
        <ul className="admin-category__subs" aria-label={`Subcategories of ${category.name}`}>
          {category.subcategories.map((sub) => (
            <SubcategoryRow key={sub.id} sub={sub} actions={actions} />
          ))}
        </ul>
      ) : (
        <p className="admin-category__none">No subcategories</p>
      )}
      {actions ? <AddSubcategory category={category} actions={actions} /> : null}
    </li>
  );
}

function AddCategory({ actions }: { actions: Actions }) {
  const id = useId();
  const [name, setName] = useState('');
  const [colors, setColors] = useState(false);
  const [sizeSet, setSizeSet] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await actions.create({ name, colors, ssize: sizeSet !== '', ...(sizeSet ? { sizeSet } : {}) });
    if (ok) {
      setName('');
      setColors(false);
      setSizeSet('');
    }
  }
  return (
    <form className="admin-category-add card" onSubmit={submit} aria-label="Add a category">
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label">
          Category name
        </label>
        <input id={`${id}-name`} className="field__input" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-sizes`} className="field__label">
          Sizes
        </label>
        <select id={`${id}-sizes`} className="field__input" value={sizeSet} onChange={(event) => setSizeSet(event.target.value)}>
          <option value="">No sizes</option>
          {SIZE_SETS.map((set) => (
            <option key={set} value={set}>
              {set}
            </option>
          ))}
        </select>
      </div>
      <label className="admin-category-add__check">
        <input type="checkbox" checked={colors} onChange={(event) => setColors(event.target.checked)} /> Products choose colours
      </label>
      <button type="submit" className="btn btn--primary btn--sm" disabled={actions.busy}>
        Add category
      </button>
    </form>
  );
}

/**
 * Categories (from the admin header): every category and subcategory, hidden ones too. An admin
 * adds, renames, moves, hides and deletes them (a category in use cannot be deleted); an emp reads.
 */
export function CategoriesSection() {
  const headingId = useId();
  const { user } = useSession();
  const all = useAdminCategories();
  const actions = user?.role === 'admin' ? all : null;
  const { categories } = all;

  let body;
  if (categories) {
    body = (
      <ol className={`admin-categories${actions ? " admin-categories--edit" : ""}`}>
        {categories.map((category, index) => (
          <CategoryRow key={category.id} category={category} last={index === categories.length - 1} actions={actions} />
        ))}
      </ol>
    );
  } else if (all.loading) body = <PageLoader message="Loading categories..." />;
  else body = <LoadError message="Could not load the categories." onRetry={all.reload} />;

  return (
    <section className="admin-section admin-categories-section" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <div>
          <h2 id={headingId} className="admin-section__title">
            Categories
          </h2>
          <p className="admin-section__note">
            {actions ? 'Changes show in the shop at once. A category that products use cannot be deleted.' : 'Only an admin can change categories.'}
          </p>
        </div>
        {categories ? <p className="admin-section__count">{formatCount(categories.length)} categories</p> : null}
      </div>
      {actions ? <AddCategory actions={actions} /> : null}
      {body}
    </section>
  );
}
