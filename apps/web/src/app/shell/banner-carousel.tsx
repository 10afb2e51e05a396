import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { systemApi, type TProductCode } from '../../lib/system-api';
import { useAfterFirstRender } from '../../lib/use-after-first-render';
import { useSystemStore } from '../../state/system-store';

// The slides and their controls load once there are banners to show, and the carousel library once
// they come into view (banner-carousel-slides.tsx): neither is part of the landing's first render,
// which never shows a banner (decision 022).
const BannerSlides = lazy(() => import('./banner-carousel-slides'));

/**
 * A product landing's banner carousel (travel-flow section 2): the market's banners in the visit's
 * language, asked for once the page has rendered; nothing while there are none.
 */
export function BannerCarousel({ product }: { product: TProductCode }) {
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  const { data: banners = [] } = useQuery({
    queryKey: ['banners', country, product, lang],
    queryFn: () => systemApi.banners(country, product, lang),
    staleTime: 60_000,
    // Below the quote form: asked for once the page has rendered, not among its first calls.
    enabled: useAfterFirstRender(),
  });
  if (banners.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BannerSlides banners={banners} />
    </Suspense>
  );
}
