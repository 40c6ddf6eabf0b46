import * as initial from './0001-initial';
import * as products from './0002-products';

export const commerceMigrations = {
  '0001-initial': initial,
  '0002-products': products,
};
