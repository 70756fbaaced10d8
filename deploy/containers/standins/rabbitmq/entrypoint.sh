#!/bin/sh
# RABBITMQ_DEFAULT_USER/PASS/VHOST as the official image honours them (user, password, vhost made
# at first start with full permissions).
set -e
mkdir -p /etc/rabbitmq/conf.d
{ echo "listeners.tcp.default = 5672"; echo "management.tcp.port = 15672"
  [ -n "$RABBITMQ_DEFAULT_USER" ] && echo "default_user = $RABBITMQ_DEFAULT_USER"
  [ -n "$RABBITMQ_DEFAULT_PASS" ] && echo "default_pass = $RABBITMQ_DEFAULT_PASS"
  [ -n "$RABBITMQ_DEFAULT_VHOST" ] && echo "default_vhost = $RABBITMQ_DEFAULT_VHOST"; } > /etc/rabbitmq/conf.d/10-defaults.conf
chown -R rabbitmq:rabbitmq /etc/rabbitmq /var/lib/rabbitmq
exec "$@"
