// gcs-test-server: fake-gcs-server's in-memory Google Cloud Storage (JSON and XML APIs) on
// loopback, for the tests of the gs:// backend store and for the Pulumi CLI logged in to
// it through STORAGE_EMULATOR_HOST. Two things are added to the fake, both as the real
// service behaves: object lists end a page after -page-size names (the service's default,
// and most, is 1000; the fake otherwise returns everything at once), with -token every
// request must carry `Authorization: Bearer <token>` (the fake checks no credentials), and
// with -unavailable N the first N requests get the 503 the service answers when overloaded.
//
// It prints one JSON line once listening, {"url": "http://127.0.0.1:<port>", "host":
// "127.0.0.1:<port>"}, and exits when its standard input closes, so that a test's server
// ends with the test.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// objectList is the JSON API's objects.list path.
var objectList = regexp.MustCompile(`^/storage/v1/b/[^/]+/o/?$`)

func main() {
	port := flag.Int("port", 0, "port on 127.0.0.1 (0: any free port)")
	buckets := flag.String("buckets", "", "comma-separated buckets to create")
	token := flag.String("token", "", "when set, the bearer token every request must carry")
	pageSize := flag.Int("page-size", 1000, "most object names in one page of a list")
	unavailable := flag.Int64("unavailable", 0, "how many first requests are answered 503")
	flag.Parse()

	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		fail(err)
	}
	host := listener.Addr().String()
	url := "http://" + host
	// The fake routes XML API reads (`/<bucket>/<object>`) only for requests to its public
	// host: the address it listens on, where STORAGE_EMULATOR_HOST sends every request.
	server, err := fakestorage.NewServerWithOptions(fakestorage.Options{
		NoListener:  true,
		Scheme:      "http",
		PublicHost:  host,
		ExternalURL: url,
		Writer:      io.Discard,
	})
	if err != nil {
		fail(err)
	}
	for _, name := range strings.Split(*buckets, ",") {
		if name != "" {
			server.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: name})
		}
	}

	handler := capPages(server.HTTPHandler(), *pageSize)
	if *token != "" {
		handler = requireBearer(handler, *token)
	}
	if *unavailable > 0 {
		handler = failFirst(handler, *unavailable)
	}
	line, _ := json.Marshal(map[string]string{"url": url, "host": host})
	fmt.Println(string(line))
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	if err := http.Serve(listener, handler); err != nil {
		fail(err)
	}
}

// capPages makes object lists end a page after `size` names, as the service does.
func capPages(next http.Handler, size int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && objectList.MatchString(r.URL.Path) {
			q := r.URL.Query()
			asked, err := strconv.Atoi(q.Get("maxResults"))
			if err != nil || asked <= 0 || asked > size {
				q.Set("maxResults", strconv.Itoa(size))
				r.URL.RawQuery = q.Encode()
			}
		}
		next.ServeHTTP(w, r)
	})
}

// requireBearer refuses a request without the token as the service does: 401, its JSON error.
func requireBearer(next http.Handler, token string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			w.Header().Set("Content-Type", "application/json; charset=UTF-8")
			w.Header().Set("WWW-Authenticate", `Bearer realm="https://accounts.google.com/"`)
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"error":{"code":401,"message":"Invalid Credentials",`+
				`"errors":[{"message":"Invalid Credentials","domain":"global","reason":"authError",`+
				`"locationType":"header","location":"Authorization"}]}}`)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// failFirst answers the first `count` requests 503 with the service's JSON error.
func failFirst(next http.Handler, count int64) http.Handler {
	var seen atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) <= count {
			w.Header().Set("Content-Type", "application/json; charset=UTF-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"error":{"code":503,"message":"We encountered an internal error. Please try again.",`+
				`"errors":[{"message":"We encountered an internal error. Please try again.","domain":"global","reason":"backendError"}]}}`)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gcs-test-server:", err)
	os.Exit(1)
}
