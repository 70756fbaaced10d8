import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';

// Only what the two dashboard charts draw, so the chunk stays small. This module is loaded with
// import() from the Dashboard section alone: Chart.js never reaches a shopper's browser.
Chart.register(DoughnutController, ArcElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const styles = getComputedStyle(document.documentElement);
Chart.defaults.font.family = styles.getPropertyValue('--font-sans').trim() || 'system-ui, sans-serif';
Chart.defaults.color = styles.getPropertyValue('--color-text-muted').trim() || '#4b5563';
if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) Chart.defaults.animation = false;

export { Chart };
