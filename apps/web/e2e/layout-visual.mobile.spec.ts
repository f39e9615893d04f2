import { layoutTestsAt } from './layout-checks.ts';

/**
 * Banners and cards hold together on small screens (390 px, and the narrowest supported 320 px):
 * no overlapping or cut-off banner text, no sideways scroll, no clipped card title.
 */
layoutTestsAt('layout-mobile', [390, 320], 844);
