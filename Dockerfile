# fleeodds' web page for a club or a blog (docs/web.md, "A container"):
#   docker build -t fleeodds .
#   docker run --rm -p 8000:8000 fleeodds
# then http://localhost:8000/ (behind a reverse proxy that serves https://odds.example.org/, give the page its
# public address for the share links:
#   docker run --rm -p 127.0.0.1:8000:8000 fleeodds \
#       fleeodds serve --public --host 0.0.0.0 --port 8000 --base-url https://odds.example.org/ )
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    NUMBA_CACHE_DIR=/var/cache/fleeodds/numba \
    MPLCONFIGDIR=/var/cache/fleeodds/matplotlib

# the package from this source tree, with the web extra (FastAPI, uvicorn, python-multipart, httpx)
WORKDIR /build
COPY pyproject.toml README.md LICENSE ./
COPY src ./src
RUN pip install ".[web]" && rm -rf /build

# the server runs as a user of its own, which owns numba's cache (a kernel compiled again on another
# CPU is written there)
RUN useradd --system --create-home --home-dir /home/fleeodds --uid 10001 fleeodds \
    && mkdir -p /var/cache/fleeodds && chown -R fleeodds /var/cache/fleeodds
USER fleeodds
WORKDIR /home/fleeodds

# every Monte Carlo kernel compiled now, at image build time, into numba's cache: the server's first
# answers do not wait for numba (about 2 minutes here instead of at every start)
RUN fleeodds warmup

EXPOSE 8000
# hosted mode: listens on every interface of the container (published with -p), share links from
# --base-url when given; see `fleeodds serve --help`
CMD ["fleeodds", "serve", "--public", "--host", "0.0.0.0", "--port", "8000"]
