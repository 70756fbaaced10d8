import { runServiceMain } from '@shop/platform';
import { createCatalogService, catalogSettings } from './app';

void runServiceMain('catalog', catalogSettings, createCatalogService);
