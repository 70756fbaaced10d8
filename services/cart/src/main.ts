import { runServiceMain } from '@shop/platform';
import { createCartService, cartSettings } from './app';

void runServiceMain('cart', cartSettings, createCartService);
