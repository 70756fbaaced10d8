import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatINR } from '../../lib/format';
import { SEARCH_SUGGESTIONS_QUERY, type SearchSuggestions as Suggestions } from '../../features/products/api/search-suggestions-documents';
import { graphqlRequest } from '../../lib/graphql-request';
import { SearchIcon } from '../icons';

/** Waits this long after the last key before asking for suggestions (decision 0060). */
const SUGGEST_DELAY_MS = 200;

/** One choice of the list: where it leads and what it shows. */
interface Option {
  key: string;
  to: string;
  label: string;
  detail: string;
  thumbnail?: string | null;
}

function optionsOf(s: Suggestions | null): { categories: Option[]; products: Option[] } {
  if (!s) return { categories: [], products: [] };
  return {
    categories: s.categories.map((c) => ({ key: `c-${c.str}`, to: `/products/${c.str}`, label: c.name, detail: 'Category' })),
    products: s.products.map((p) => ({ key: `p-${p.id}`, to: `/product/${p.id}`, label: p.name, detail: `${p.category} · ${formatINR(p.price)}`, thumbnail: p.thumbnail })),
  };
}

/**
 * Header search: an ARIA combobox. Typing shows suggestions (categories and products) after a
 * short pause; arrow keys move through them, Enter opens the chosen one or searches the text,
 * Escape closes the list. Submitting goes to /search?q=…, and the box shows the current query there.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const currentQuery = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [query, setQuery] = useState(currentQuery);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const id = useId();
  const listId = `${id}-list`;

  useEffect(() => {
    setQuery(currentQuery);
    setOpen(false);
  }, [currentQuery, pathname]);

  // Suggestions for what was typed, once typing pauses; an older answer never replaces a newer one.
  useEffect(() => {
    const term = query.trim();
    if (!typed.current || term.length < 2) {
      setSuggestions(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      graphqlRequest(SEARCH_SUGGESTIONS_QUERY, { query: term.slice(0, 100) })
        .then((data) => {
          if (!current) return;
          setSuggestions(data.searchSuggestions);
          setActive(-1);
        })
        .catch(() => {
          if (current) setSuggestions(null);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  const { categories, products } = optionsOf(suggestions);
  const options = [...categories, ...products];
  const expanded = open && options.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(to: string) {
    close();
    typed.current = false;
    navigate(to);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = query.trim();
    if (!term) return;
    go(`/search?q=${encodeURIComponent(term)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      // Down from the text goes to the first suggestion, past the last back to the text; Up the other way.
      if (event.key === 'ArrowDown') setActive((i) => (!expanded ? 0 : i + 1 >= options.length ? -1 : i + 1));
      else setActive((i) => (!expanded ? options.length - 1 : i <= -1 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      go(options[active]!.to);
    }
  }

  const optionId = (i: number) => `${id}-option-${i}`;
  const renderGroup = (title: string, group: Option[], offset: number) =>
    group.length > 0 ? (
      <li role="presentation" className="search-suggest__group">
        <span className="search-suggest__title" aria-hidden="true">
          {title}
        </span>
        <ul role="group" aria-label={title} className="search-suggest__options">
          {group.map((option, i) => {
            const index = offset + i;
            return (
              <li
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`search-suggest__option${index === active ? ' is-active' : ''}`}
                // Keeps the focus in the box (a blur would close the list before the click).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option.to)}
              >
                {option.thumbnail ? <img src={option.thumbnail} alt="" width={36} height={36} className="search-suggest__thumb" /> : null}
                <span className="search-suggest__text">
                  <span className="search-suggest__label">{option.label}</span>
                  <span className="search-suggest__detail">{option.detail}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </li>
    ) : null;

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        className="search-box__input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
        placeholder="Search for products and brands"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={query}
        onChange={(event) => {
          typed.current = true;
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__button" aria-label="Search">
        <SearchIcon size={20} />
      </button>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggest" hidden={!expanded}>
        {renderGroup('Categories', categories, 0)}
        {renderGroup('Products', products, categories.length)}
      </ul>
    </form>
  );
}
