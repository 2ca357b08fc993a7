// portal-bench: the in-process measurements behind `make bench` (see docs/benchmarks.md).
//
//   portal-bench frames  [--data DIR] [--counts 1000,100000,1000000] [--keys N]
//   portal-bench memory  [--data DIR] --count N [--page-size P]
//   portal-bench inserts [--data DIR] [--counts 1000,100000]
//   portal-bench sparse  [--data DIR] [--count 1000000] [--max-pages N]
//   portal-bench stalls  [--data DIR] --base-url URL [--rows-per-second 30] [--columns 80 --rows 24]
//   portal-bench pictures [--data DIR]
//   portal-bench live    [--data DIR] [--count 1000000] [--events-per-second 10000] [--seconds 10]
//   portal-bench livememory [--data DIR] [--count 1000000] [--minutes 10] [--pace compressed|realtime]
//
// Each subcommand prints one flat JSON object (figure → number) on stdout; progress goes
// to stderr. bench/run.sh merges the objects into bench/results.json.

import Foundation
import PortalCore
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - main

switch arguments.first {
case "frames": await frames()
case "inserts": await inserts()
case "memory": memory()
case "sparse": sparse()
case "stalls": await stalls()
case "pictures": await pictures()
case "live": await live()
case "livememory": await liveMemory()
default:
    log("usage: portal-bench frames|inserts|memory|sparse|stalls|pictures|live|livememory [options] (see docs/benchmarks.md)")
    exit(2)
}
