import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { CategoryIcon } from './category-icon';

/** The banner rotates every 3 seconds over 5 slides. Every slide leads to a real listing. */
const ROTATION_MS = 3000;

interface Slide {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  href: string;
  icon: number;
}

const SLIDES: Slide[] = [
  {
    eyebrow: 'Welcome to ShopKart',
    title: 'Everything you love, at prices you’ll love more',
    text: 'Pay cash on delivery, return free within 30 days, and get 10% off your first order.',
    cta: 'Start shopping',
    href: '/products/tag/popular',
    icon: 15,
  },
  {
    eyebrow: 'New season',
    title: 'The fashion edit for women and men',
    text: 'Kurtis, suits, shirts and everyday wear in fresh colours and every size.',
    cta: 'Shop fashion',
    href: '/products/11',
    icon: 11,
  },
  {
    eyebrow: 'Timeless style',
    title: 'Watches for every wrist',
    text: 'Classic, sporty and smart watches to match any look.',
    cta: 'Explore watches',
    href: '/products/6',
    icon: 6,
  },
  {
    eyebrow: 'Home makeover',
    title: 'Refresh your home & kitchen',
    text: 'Décor, furnishing, bed sheets and kitchen must-haves for a cosier home.',
    cta: 'Shop home & kitchen',
    href: '/products/1',
    icon: 1,
  },
  {
    eyebrow: 'Daily essentials',
    title: 'Groceries and snacks, delivered',
    text: 'Beverages, chocolates, toffees and snacks for the whole family.',
    cta: 'Shop grocery',
    href: '/products/7',
    icon: 7,
  },
];

export function HeroCarousel() {
  const [active, setActive] = useState(0);
  // The visitor's own choice (the pause/play button) wins; until they choose, a system that asks
  // for reduced motion keeps the banner still.
  const [choice, setChoice] = useState<'auto' | 'paused' | 'playing'>('auto');
  const reducedMotion = usePrefersReducedMotion();
  const paused = choice === 'paused' || (choice === 'auto' && reducedMotion);
  // Rotation also holds while the pointer or keyboard focus is on the banner.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !paused && !hovered && !focused;

  const show = useCallback((index: number) => setActive((index + SLIDES.length) % SLIDES.length), []);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % SLIDES.length), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured offers"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero__viewport" aria-live={rotating ? 'off' : 'polite'}>
        {SLIDES.map((slide, index) => (
          <div
            key={slide.title}
            className={`hero__slide hero__slide--${index}${index === active ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
            inert={index !== active}
          >
            <div className="hero__copy">
              <p className="hero__eyebrow">{slide.eyebrow}</p>
              <h2 className="hero__title">{slide.title}</h2>
              <p className="hero__text">{slide.text}</p>
              <Link to={slide.href} className="btn btn--light">
                {slide.cta}
              </Link>
            </div>
            <div className="hero__art" aria-hidden="true">
              <span className="hero__bubble hero__bubble--a" />
              <span className="hero__bubble hero__bubble--b" />
              <span className="hero__icon">
                <CategoryIcon index={slide.icon} size={96} />
              </span>
            </div>
          </div>
        ))}
      </div>

      <div className="hero__controls">
        <button
          type="button"
          className="hero__control"
          onClick={() => setChoice(paused ? 'playing' : 'paused')}
          aria-label={paused ? 'Start slide rotation' : 'Pause slide rotation'}
        >
          {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
        </button>
        <button type="button" className="hero__control" onClick={() => show(active - 1)} aria-label="Previous slide">
          <ChevronLeftIcon size={18} />
        </button>
        <div className="hero__dots">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className={`hero__dot${index === active ? ' is-active' : ''}`}
              aria-label={`Show slide ${index + 1} of ${SLIDES.length}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
        <button type="button" className="hero__control" onClick={() => show(active + 1)} aria-label="Next slide">
          <ChevronRightIcon size={18} />
        </button>
      </div>
    </section>
  );
}
