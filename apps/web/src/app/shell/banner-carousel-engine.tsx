import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type TEmbla = NonNullable<UseEmblaCarouselType[1]>;

/**
 * The carousel library, fetched on its own once there are banners to move (decision 022: not part of the
 * landing's first load). It drives the viewport the banner carousel has already drawn, so nothing
 * moves on the page when it arrives, and hands its API back.
 */
export default function BannerCarouselEngine({
  viewport,
  onReady,
}: {
  viewport: HTMLElement;
  onReady: (embla: TEmbla | undefined) => void;
}) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  useEffect(() => {
    viewportRef(viewport);
  }, [viewportRef, viewport]);
  useEffect(() => {
    onReady(embla);
    return () => onReady(undefined);
  }, [embla, onReady]);
  return null;
}
