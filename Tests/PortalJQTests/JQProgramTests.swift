import Foundation
import PortalJQ
import Testing

/// jq programs through libjq: outputs as `jq -c` / `jq -r` print them, and jq's own
/// messages for programs that do not compile, inputs that are no JSON and errors at run time.
@Suite("jq programs")
struct JQProgramTests {
    let rick = Data(#"{"id":1,"name":"Rick Sanchez","episode":["e/1","e/2"],"origin":{"name":"Earth (C-137)"}}"#.utf8)

    @Test("a path prints the string, quoted as JSON and raw")
    func fieldOfAnItem() throws {
        let outputs = try JQProgram(compile: ".name").run(onJSON: rick)
        #expect(outputs == [.string("Rick Sanchez")])
        #expect(outputs.map(\.jsonText) == [#""Rick Sanchez""#])
        #expect(outputs.map(\.rawText) == ["Rick Sanchez"])
    }

    @Test("several outputs in order, other values as compact JSON")
    func manyOutputs() throws {
        let outputs = try JQProgram(compile: ".episode[], {id, o: .origin.name}, .id + 1, null").run(onJSON: rick)
        #expect(outputs.map(\.jsonText) == [#""e/1""#, #""e/2""#, #"{"id":1,"o":"Earth (C-137)"}"#, "2", "null"])
        #expect(outputs.map(\.rawText) == ["e/1", "e/2", #"{"id":1,"o":"Earth (C-137)"}"#, "2", "null"])
    }

    @Test("empty and select print nothing")
    func noOutput() throws {
        #expect(try JQProgram(compile: "select(.id > 1)").run(onJSON: rick).isEmpty)
        #expect(try JQProgram(compile: "empty").run(onJSON: rick).isEmpty)
    }

    @Test("a string's control characters are escaped in JSON and kept raw")
    func escapes() throws {
        let outputs = try JQProgram(compile: ".").run(onJSON: Data(#""a\"\\\n\u001b\u007f\u0085""#.utf8))
        #expect(outputs == [.string("a\"\\\n\u{1B}\u{7F}\u{85}")])
        #expect(outputs.map(\.jsonText) == [#""a\"\\\n\u001b\u007f\u0085""#])
        // Inside other values, jq escapes C0 controls itself.
        #expect(try JQProgram(compile: "[.]").run(onJSON: Data(#""\u001b""#.utf8)).map(\.jsonText) == [#"["\u001b"]"#])
    }

    @Test("a program jq refuses throws jq's own message")
    func compileError() throws {
        do {
            _ = try JQProgram(compile: ".name |||")
            Issue.record("compiled")
        } catch let error as JQError {
            guard case .compile(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("syntax error"))
            #expect(message.contains("compile error"))
        }
        #expect(throws: JQError.self) { try JQProgram(compile: "nosuchfunction(1)") }
    }

    @Test("an uncaught error at run time throws jq's message and status 5")
    func runtimeError() throws {
        let program = try JQProgram(compile: ".id + .name")
        #expect(throws: JQError.runtime("jq: error: number (1) and string (\"Rick Sanchez\") cannot be added", exitCode: 5)) {
            try program.run(onJSON: rick)
        }
        // The same program runs again on the next input.
        #expect(try program.run(onJSON: Data(#"{"id":1,"name":2}"#.utf8)) == [.json(Data("3".utf8))])
        #expect(throws: JQError.runtime("jq: error: boom", exitCode: 5)) { try JQProgram(compile: #"error("boom")"#).run(onJSON: rick) }
    }

    @Test("outputs before an error reach the callback; halt_error has its own status")
    func partialOutputsAndHalt() throws {
        var seen: [String] = []
        #expect(throws: JQError.runtime("stop\n", exitCode: 3)) {
            try JQProgram(compile: #".id, ("stop\n" | halt_error(3))"#).run(onJSON: rick) { seen.append($0.jsonText) }
        }
        #expect(seen == ["1"])
        #expect(try JQProgram(compile: ".id, halt").run(onJSON: rick) == [.json(Data("1".utf8))])
    }

    @Test("an input that is no JSON throws")
    func badInput() throws {
        let program = try JQProgram(compile: ".")
        #expect(throws: JQError.self) { try program.run(onJSON: Data("{\"a\":".utf8)) }
        #expect(throws: JQError.self) { try program.run(onJSON: Data()) }
        #expect(try program.run(onJSON: Data("[1,2]".utf8)) == [.json(Data("[1,2]".utf8))])
    }

    @Test("programs run from many tasks at once")
    func concurrentRuns() async throws {
        let program = try JQProgram(compile: "[.[] * 2] | add")
        let sums = await withTaskGroup(of: String.self) { group in
            for n in 0..<32 {
                group.addTask { (try? program.run(onJSON: Data("[\(n),1]".utf8)).first?.jsonText) ?? "failed" }
            }
            var all: [String] = []
            for await sum in group { all.append(sum) }
            return all
        }
        let expected: Set<String> = Set((0..<32).map { (n: Int) -> String in String(2 * n + 2) })
        #expect(Set(sums) == expected)
    }
}
