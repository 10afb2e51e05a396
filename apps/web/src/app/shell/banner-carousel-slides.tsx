import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { TBanner } from '../../lib/system-api';
import styles from './banner-carousel.module.css';
import type { TEmbla } from './banner-carousel-engine';

// The carousel library loads when the banners come into view, not with the landing (decision 022).
const BannerCarouselEngine = lazy(() => import('./banner-carousel-engine'));

export const AUTOPLAY_MS = 5000;

/**
 * The banner carousel (travel-flow section 2), once there are banners to show (banner-carousel.tsx asks
 * for them): one slide at a time, looping, advancing every 5000 ms; it pauses while the pointer or
 * keyboard focus is on it, and has a pause button (WCAG 2.2.2).
 */
export default function BannerSlides({ banners }: { banners: readonly TBanner[] }) {
  const { t } = useTranslation();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [inView, setInView] = useState(false);
  const [embla, setEmbla] = useState<TEmbla>();
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);

  // The first slide shows without the library; it is fetched when the carousel comes into view, in
  // time for its first move (5 s later), and drives the slides already drawn: nothing shifts.
  useEffect(() => {
    if (!viewport || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, inView]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    embla.on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect);
      embla.off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || paused || interacting || banners.length < 2) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, paused, interacting, banners.length]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('banner.region')}
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={() => setInteracting(false)}
    >
      {viewport && inView ? (
        <Suspense fallback={null}>
          <BannerCarouselEngine viewport={viewport} onReady={setEmbla} />
        </Suspense>
      ) : null}
      <div className={styles.viewport} ref={setViewport}>
        <div className={styles.container} aria-live={paused || interacting ? 'polite' : 'off'}>
          {banners.map((banner, index) => (
            <article
              key={banner.id}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('banner.slideOf', { current: index + 1, total: banners.length })}
              aria-hidden={index !== selected}
            >
              <h2 className={styles.title}>{banner.title}</h2>
              <p className={styles.content}>{banner.content}</p>
              {banner.url ? (
                <a
                  className={styles.readMore}
                  href={banner.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={index === selected ? 0 : -1}
                  aria-label={t('banner.readMoreAbout', { title: banner.title })}
                >
                  {t('banner.readMore')}
                </a>
              ) : null}
            </article>
          ))}
        </div>
      </div>
      {banners.length > 1 ? (
        <div className={styles.controls}>
          <button type="button" onClick={previous} aria-label={t('banner.previous')}>
            ‹
          </button>
          <span className={styles.position} aria-hidden="true">
            {selected + 1} / {banners.length}
          </span>
          <button type="button" onClick={next} aria-label={t('banner.next')}>
            ›
          </button>
          <button type="button" onClick={() => setPaused((value) => !value)} aria-pressed={paused}>
            {paused ? t('banner.play') : t('banner.pause')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
