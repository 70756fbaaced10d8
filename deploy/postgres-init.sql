-- One database per service (distributed mode); each service creates its own schema inside.
create database shop_auth;
create database shop_catalog;
create database shop_cart;
create database shop_order;
create database shop_media;
