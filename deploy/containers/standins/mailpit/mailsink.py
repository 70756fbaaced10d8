import asyncore, smtpd, threading, time, http.server, functools
class Sink(smtpd.SMTPServer):
    def process_message(self, peer, mailfrom, rcpttos, data, **kw):
        with open('/mail/%d.eml' % time.time_ns(), 'wb') as f: f.write(data if isinstance(data, bytes) else data.encode())
        print('mail', mailfrom, '->', rcpttos, flush=True)
Sink(('0.0.0.0', 1025), None, decode_data=False)
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory='/mail')
threading.Thread(target=http.server.ThreadingHTTPServer(('0.0.0.0', 8025), handler).serve_forever, daemon=True).start()
asyncore.loop()
