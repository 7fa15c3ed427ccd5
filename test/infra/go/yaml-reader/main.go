// yaml-reader reads YAML the way kubectl does (sigs.k8s.io/yaml: go-yaml v2, then JSON) and
// prints one JSON line per input document. The input is a stream of documents separated by
// lines "---"; a document kubectl cannot read prints {"error": "<message>"} instead, so one bad
// document does not hide the others. Used by the differential test of our YAML writer.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"sigs.k8s.io/yaml"
)

func main() {
	in, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, doc := range bytes.Split(in, []byte("\n---\n")) {
		// The separator took the newline that ends the document; a final block scalar needs it.
		j, err := yaml.YAMLToJSON(append(doc, '\n'))
		if err != nil {
			e, _ := json.Marshal(map[string]string{"error": err.Error()})
			j = e
		}
		out.Write(j)
		out.WriteString("\n")
	}
}
