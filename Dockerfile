# erp-conformance in a container: Debian (bookworm) with Node 20, and Chromium for the
# certificate's browser test (test/reports/render/html/browser.test.ts drives /usr/bin/chromium).
#   docker build -t erp-conformance .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" erp-conformance    # against the embedded reference
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" -e ERP_API_TOKEN erp-conformance \
#     run --config erp.config.json --out report                                    # against a target
# The report folder is written under /work (the mounted folder) as the user who owns it (--user:
# a CI runner's workspace is its own uid's, not node's); the exit code is the verdict's.
FROM node:20-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ca-certificates \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/erp-conformance
COPY package.json package-lock.json ./
# Every dependency, the dev ones too: `npm test` (with the Chromium test) runs in the image.
RUN npm ci --no-audit --no-fund && npm cache clean --force
COPY . .

USER node
WORKDIR /work
ENTRYPOINT ["node", "/opt/erp-conformance/bin/erp-conformance.js"]
CMD ["run", "--out", "erp-conformance-report"]
