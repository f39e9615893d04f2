import { describe, expect, it } from 'vitest';
import { focusTargetsOf, type RenderedPoint } from './feature-map-focus.ts';

const feature = (id: string, title: string, x: number, y: number, marker = 'pin'): RenderedPoint => ({
  properties: { id, title, category: 'Sights', marker },
  coordinates: [x / 100, y / 100],
  x,
  y,
});
const cluster = (clusterId: number, count: number, x: number, y: number): RenderedPoint => ({
  properties: { cluster_id: clusterId, point_count: count, cluster: true },
  coordinates: [x / 100, y / 100],
  x,
  y,
});

describe('the place map focus targets', () => {
  it('[MAP-13] names each drawn pin, dot and cluster, once, in reading order', () => {
    const targets = focusTargetsOf([
      feature('b', 'Belém Tower', 200, 300),
      cluster(7, 24, 50, 305),
      feature('a', 'Alfama', 300, 20),
      feature('c', 'Café Nicola', 10, 100, 'dot'),
      // A feature drawn twice (two tiles) is one target.
      feature('a', 'Alfama', 300, 20),
    ]);
    expect(targets.map((t) => t.label)).toEqual([
      'Alfama, Sights',
      'Café Nicola',
      '24 features here, zoom in',
      'Belém Tower, Sights',
    ]);
    expect(targets.map((t) => t.kind)).toEqual(['pin', 'dot', 'cluster', 'pin']);
    expect(targets[2]?.clusterId).toBe(7);
    expect(targets[0]?.featureId).toBe('a');
    expect(targets[0]?.title).toBe('Alfama');
  });

  it('[MAP-13] keeps at most the given number of targets', () => {
    const many = Array.from({ length: 100 }, (_, i) => feature(`f${i}`, `Feature ${i}`, i * 3, i * 30));
    const targets = focusTargetsOf(many, 60);
    expect(targets).toHaveLength(60);
    expect(targets[0]?.featureId).toBe('f0');
  });
});
