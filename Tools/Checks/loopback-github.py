#!/usr/bin/env python3
"""A loopback stand-in for the GitHub REST API, for the shell checks that run the built app.

Usage: loopback-github.py <port file>
Listens on 127.0.0.1 (a free port, written to <port file>) until killed. Answers GET /repos/<owner>/<name> with a
repository object (language Swift, topic swiftui) and GET /search/repositories with no items; anything else is 404.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def repository(owner, name):
    return {
        "id": 1, "node_id": "R_1", "name": name, "full_name": f"{owner}/{name}",
        "owner": {"login": owner, "id": 2, "type": "User", "site_admin": False},
        "private": False, "html_url": f"https://github.com/{owner}/{name}", "description": "A repository",
        "fork": False, "url": f"https://api.github.com/repos/{owner}/{name}", "created_at": "2020-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z", "pushed_at": "2026-01-01T00:00:00Z", "homepage": None, "size": 1,
        "stargazers_count": 5, "watchers_count": 5, "language": "Swift", "forks_count": 1, "open_issues_count": 0,
        "default_branch": "main", "archived": False, "disabled": False, "visibility": "public", "license": None,
        "topics": ["swiftui"], "forks": 1, "open_issues": 0, "watchers": 5, "subscribers_count": 3,
    }


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?")[0].strip("/").split("/")
        if path[:1] == ["repos"] and len(path) == 3:
            self.answer(200, repository(path[1], path[2]))
        elif path == ["search", "repositories"]:
            self.answer(200, {"total_count": 0, "incomplete_results": False, "items": []})
        else:
            self.answer(404, {"message": "Not Found"})

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as port_file:
    port_file.write(f"{server.server_address[1]}\n")
server.serve_forever()
