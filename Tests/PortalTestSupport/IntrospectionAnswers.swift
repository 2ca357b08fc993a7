/// GraphQL introspection answers written by hand, as servers send them: the types a test
/// needs (`named`, `list(of:)`, `field`, `object`) and a wide schema whose lists would
/// select every object (`wideSchemaAnswer`), shared by the schema bounds tests and the
/// `fuzz-graphql-schema` entry point's.
public enum IntrospectionAnswers {
    public static func named(_ kind: String, _ name: String) -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
    public static func list(of type: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(type)}"# }
    public static func field(_ name: String, _ type: String, args: String = "[]") -> String { #"{"name":"\#(name)","args":\#(args),"type":\#(type)}"# }
    public static func object(_ name: String, _ fields: [String], interfaces: [String] = [], kind: String = "OBJECT") -> String {
        #"{"kind":"\#(kind)","name":"\#(name)","interfaces":[\#(interfaces.map { #"{"name":"\#($0)"}"# }.joined(separator: ","))],"fields":[\#(fields.joined(separator: ","))]}"#
    }
    public static let id = #"[{"name":"id","defaultValue":null,"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}}}]"#

    /// The introspection answer of `wideSchema`, as a server sends it.
    public static func wideSchemaAnswer(objects: Int, lists: Int) -> String {
        let thing = named("OBJECT", "Thing")
        let fields = [field("id", named("SCALAR", "ID")), field("name", named("SCALAR", "String"))]
            + (0..<objects).map { field("o\($0)", thing) } + (0..<lists).map { field("l\($0)", list(of: thing)) }
        let query = object("Query", [field("things", list(of: thing)), field("thing", thing, args: id)])
        return #"{"data":{"__schema":{"queryType":{"name":"Query"},"types":[\#(query),\#(object("Thing", fields))]}}}"#
    }
}
