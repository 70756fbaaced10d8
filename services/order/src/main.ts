import { runServiceMain } from '@shop/platform';
import { createOrderService, orderSettings } from './app';

void runServiceMain('order', orderSettings, createOrderService);
