import { layoutTestsAt } from './layout-checks.ts';

/**
 * Banners and cards hold together on wide screens: on home, a place and a trip, no two texts of
 * the banner overlap or stick out, the page never scrolls sideways and no card title is clipped.
 */
layoutTestsAt('layout-desktop', [1366, 1440], 900);
