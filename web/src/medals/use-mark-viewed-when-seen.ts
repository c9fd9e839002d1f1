/**
 * Marks a new medal viewed once its card has really been seen (spec §4 Medals: earned → viewed):
 * most of the card on screen, in a visible tab, for a second. Scrolling past does not count.
 * Failures are only logged (spec §8) and the medal stays new, to be tried on the next visit.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MedalCard } from '../../../core/medals/api.ts';
import { markMedalViewed } from './medals-api.ts';

const SEEN_AFTER_MS = 1000;
const VISIBLE_RATIO = 0.6;

/**
 * Awards already marked in this app load. A record medal can be new again when beaten, so an award
 * is its medal with the time and value it was earned with.
 */
const marked = new Set<string>();

/** Returns a ref callback for the card's element. */
export function useMarkViewedWhenSeen(medal: MedalCard): (element: HTMLElement | null) => void {
  const queryClient = useQueryClient();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const { medalId, isNew } = medal;
  const award = `${medalId}|${medal.earnedAt ?? ''}|${medal.value ?? ''}`;

  useEffect(() => {
    if (!element || !isNew || marked.has(award) || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const whenSeen = () => {
      timer = undefined;
      if (document.visibilityState !== 'visible') {
        // A hidden tab shows nothing: look again once it is back.
        timer = setTimeout(whenSeen, SEEN_AFTER_MS);
        return;
      }
      observer.disconnect();
      marked.add(award);
      markMedalViewed(queryClient, medalId).catch((error: unknown) => {
        marked.delete(award);
        console.warn(`Marking the medal ${medalId} viewed failed`, error);
      });
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO) {
          timer ??= setTimeout(whenSeen, SEEN_AFTER_MS);
        } else {
          stop();
        }
      },
      { threshold: [0, VISIBLE_RATIO, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [element, isNew, award, medalId, queryClient]);

  return setElement;
}
