import { useEffect } from 'react';
import { useBrand } from './use-brand';

const loadedScripts = new Set<string>();

/**
 * Applies the host's brand to the page: the document title, and on a white-label host the scripts its owner
 * registered (analytics, chat widgets). Renders nothing.
 */
export function BrandEffects() {
  const { profile, pending } = useBrand();
  useEffect(() => {
    if (pending) return;
    document.title = profile.name;
    if (profile.ownHost) return;
    for (const src of profile.settings.appScripts) {
      if (loadedScripts.has(src) || !src.startsWith('https://')) continue;
      loadedScripts.add(src);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.brandScript = 'true';
      document.head.append(script);
    }
  }, [profile, pending]);
  return null;
}
