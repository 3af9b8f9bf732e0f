"""A tiny JSON API for the cart: four-space indentation, LF line endings."""
import json
from http.server import BaseHTTPRequestHandler, HTTPServer

CARTS = {}


class CartHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        cart = CARTS.get(self.path.strip("/"))
        if cart is None:
            self.send_response(404)
            self.end_headers()
            return
        self.reply(200, cart)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        try:
            item = json.loads(self.rfile.read(length))
        except json.JSONDecodeError:
            self.reply(400, {"error": "invalid JSON"})
            return
        cart = CARTS.setdefault(self.path.strip("/"), [])
        cart.append(item)
        self.reply(201, cart)

    def reply(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main(port=8000):
    server = HTTPServer(("127.0.0.1", port), CartHandler)
    print("Listening on http://127.0.0.1:%d" % port)
    server.serve_forever()


if __name__ == "__main__":
    main()
