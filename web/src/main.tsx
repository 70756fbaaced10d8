import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// react-toastify is used through its unstyled build (no styles injected at run time, which a
// strict Content-Security-Policy forbids); its stylesheet is bundled with ours instead.
import 'react-toastify/ReactToastify.css';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// index.html carries a title for the moment before the app runs; from now on each page renders
// its own <title> (React hoists it into <head>), so the static one would only be a duplicate.
document.head.querySelector('title')?.remove();

// A transition lets React render the first page in slices, yielding to the browser between
// them (no long task blocking input while a page of products is drawn).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
