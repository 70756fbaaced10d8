import { prefetchRouteData } from './app/prefetch-route-data';

// A second entry of index.html, without React: it sends the landing page's catalog request as
// soon as this small file arrives, while React and the app are still downloading.
prefetchRouteData(window.location);
