// s3-test-server: an S3-compatible server on loopback for the tests of the S3 backend store
// and of the audit under the real Pulumi CLI. gofakes3 (in memory) answers the S3 API; this
// wrapper adds what gofakes3 leaves out and the tests need: the bucket made at start, and a
// refusal of any request that is not signed with the one key pair it is given (access key
// checked on every request; on GET and HEAD the Signature Version 4 signature is computed
// again with the AWS SDK's signer and compared).
//
// With -busy-every N, every Nth GET is answered 503 SlowDown, as S3 does under load, for the
// tests of the readers' retries (writes are never refused so).
//
// Usage: s3-test-server -bucket NAME -access-key ID -secret-key SECRET [-addr 127.0.0.1:0] [-busy-every N]
// Prints "listening http://HOST:PORT" once it accepts connections; exits when its standard
// input closes, so a test that dies leaves no server behind.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

var authHeader = regexp.MustCompile(
	`^AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/s3/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$`)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on (loopback)")
	bucket := flag.String("bucket", "", "bucket to create at start")
	accessKey := flag.String("access-key", "", "the only access key ID accepted")
	secretKey := flag.String("secret-key", "", "its secret access key")
	sessionToken := flag.String("session-token", "", "the only session token accepted (empty: any or none)")
	busyEvery := flag.Int64("busy-every", 0, "answer every Nth GET 503 SlowDown (0: never)")
	flag.Parse()
	if *bucket == "" || *accessKey == "" || *secretKey == "" {
		log.Fatal("-bucket, -access-key and -secret-key are required")
	}

	backend := s3mem.New()
	if err := backend.CreateBucket(*bucket); err != nil {
		log.Fatalf("create bucket %s: %v", *bucket, err)
	}
	fake := gofakes3.New(backend)
	handler := &signedOnly{next: fake.Server(), accessKey: *accessKey, secretKey: *secretKey,
		sessionToken: *sessionToken, busyEvery: *busyEvery}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening http://%s\n", ln.Addr())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	log.Fatal(http.Serve(ln, handler))
}

type signedOnly struct {
	next                 http.Handler
	accessKey, secretKey string
	// Temporary keys come with their token: any other (or none) is refused, as AWS refuses it.
	sessionToken    string
	busyEvery, gets int64
}

func (s *signedOnly) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.busyEvery > 0 && r.Method == http.MethodGet && atomic.AddInt64(&s.gets, 1)%s.busyEvery == 0 {
		answer(w, http.StatusServiceUnavailable, "SlowDown", "Please reduce your request rate.")
		return
	}
	m := authHeader.FindStringSubmatch(r.Header.Get("Authorization"))
	if m == nil {
		refuse(w, "AccessDenied", "Access Denied")
		return
	}
	if m[1] != s.accessKey {
		refuse(w, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.")
		return
	}
	if s.sessionToken != "" && r.Header.Get("X-Amz-Security-Token") != s.sessionToken {
		answer(w, http.StatusBadRequest, "InvalidToken", "The provided token is malformed or otherwise invalid.")
		return
	}
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && !s.signatureMatches(r, m[3], m[4], m[5]) {
		refuse(w, "SignatureDoesNotMatch",
			"The request signature we calculated does not match the signature you provided.")
		return
	}
	s.next.ServeHTTP(w, r)
}

// signatureMatches signs a copy of r holding only the headers r signed, as the AWS SDK would.
func (s *signedOnly) signatureMatches(r *http.Request, region, signed, signature string) bool {
	at, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
	if err != nil {
		return false
	}
	u, err := url.Parse("http://" + r.Host + r.RequestURI)
	if err != nil {
		return false
	}
	again, err := http.NewRequest(r.Method, u.String(), nil)
	if err != nil {
		return false
	}
	again.Host = r.Host
	for _, name := range strings.Split(signed, ";") {
		if name != "host" {
			again.Header[http.CanonicalHeaderKey(name)] = r.Header.Values(name)
		}
	}
	creds := aws.Credentials{
		AccessKeyID:     s.accessKey,
		SecretAccessKey: s.secretKey,
		SessionToken:    r.Header.Get("X-Amz-Security-Token"),
	}
	signer := v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true })
	err = signer.SignHTTP(context.Background(), creds, again, r.Header.Get("X-Amz-Content-Sha256"), "s3", region, at)
	if err != nil {
		return false
	}
	got := authHeader.FindStringSubmatch(again.Header.Get("Authorization"))
	return got != nil && got[4] == signed && got[5] == signature
}

func refuse(w http.ResponseWriter, code, message string) {
	answer(w, http.StatusForbidden, code, message)
}

func answer(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>%s</Code><Message>%s</Message></Error>`, code, message)
}
