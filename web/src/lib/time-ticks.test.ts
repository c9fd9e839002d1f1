import { describe, expect, it } from 'vitest';
import { timeTicks } from './time-ticks.ts';

describe('timeTicks', () => {
  it('puts a pace axis on whole 30 s steps around its values', () => {
    expect(timeTicks(262, 338)).toEqual({ domain: [240, 360], ticks: [240, 270, 300, 330, 360] });
  });

  it('puts finish times on whole minutes, or longer steps for a longer span', () => {
    expect(timeTicks(1205, 1390)).toEqual({ domain: [1200, 1440], ticks: [1200, 1260, 1320, 1380, 1440] });
    expect(timeTicks(11_000, 15_500)).toEqual({ domain: [10_800, 16_200], ticks: [10_800, 12_600, 14_400, 16_200] });
  });

  it('gives one value a step of room and no tick below zero', () => {
    expect(timeTicks(300, 300)).toEqual({ domain: [300, 305], ticks: [300] });
    expect(timeTicks(2, 30)).toEqual({ domain: [0, 30], ticks: [0, 10, 20, 30] });
  });
});
