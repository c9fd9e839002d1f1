/**
 * Lazily loaded pages with the spec §2/§9 load timeout of 120 s. A failed or timed-out chunk raises
 * a ChunkLoadError that the route's error screen offers to retry.
 */
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../core/product.ts';

export class ChunkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading the page timed out after ${Math.round(ms / 1000)} s.`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('The page could not be loaded.', { cause: error }));
      },
    );
  });
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
}
