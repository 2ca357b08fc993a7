import CYaml
import Foundation
import PortalCore

/// A YAML document's size as a decoder would walk it, read from libyaml's events before
/// anything is built: its values with every alias expanded (an alias counts as the
/// values of the node it names), and its depth. Stops at the first bound passed, so a
/// "billion laughs" file costs the events up to that point, not its expansion.
enum YAMLShape {
    static func check(_ data: Data, limits: DocumentLimits) throws(OpenAPIDocumentError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw OpenAPIDocumentError("out of memory reading YAML") }
        defer { yaml_parser_delete(&parser) }
        let bytes = [UInt8](data)
        try bytes.withUnsafeBufferPointer { buffer throws(OpenAPIDocumentError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk(limits: limits)
            while true {
                var event = yaml_event_t()
                // A syntax error is left to the reader, which says it with the line.
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                try walk.take(event)
            }
        }
    }

    /// The running count: open collections with the values under them so far, and the
    /// expanded size of every anchor seen.
    private struct Walk {
        let limits: DocumentLimits
        var values = 0
        var open: [(anchor: String?, valuesAtStart: Int)] = []
        var anchors: [String: Int] = [:]

        init(limits: DocumentLimits) { self.limits = limits }

        mutating func take(_ event: yaml_event_t) throws(OpenAPIDocumentError) {
            switch event.type {
            case YAML_SCALAR_EVENT:
                try add(1)
                if let anchor = Self.text(event.data.scalar.anchor) { anchors[anchor] = 1 }
            case YAML_ALIAS_EVENT:
                // An alias to an anchor not (yet) closed is the reader's error, counted as one.
                try add(Self.text(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1)
            case YAML_SEQUENCE_START_EVENT:
                try openCollection(Self.text(event.data.sequence_start.anchor))
            case YAML_MAPPING_START_EVENT:
                try openCollection(Self.text(event.data.mapping_start.anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return }
                if let anchor = closed.anchor { anchors[anchor] = values - closed.valuesAtStart }
            default:
                return
            }
        }

        private mutating func openCollection(_ anchor: String?) throws(OpenAPIDocumentError) {
            guard open.count < limits.maxDepth else { throw limits.tooDeep() }
            open.append((anchor, values))
            try add(1)
        }

        private mutating func add(_ count: Int) throws(OpenAPIDocumentError) {
            let (sum, overflow) = values.addingReportingOverflow(count)
            guard !overflow, sum <= limits.maxValues else { throw limits.tooManyValues() }
            values = sum
        }

        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let pointer else { return nil }
            return String(cString: pointer)
        }
    }
}
