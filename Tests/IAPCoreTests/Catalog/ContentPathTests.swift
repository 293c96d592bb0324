import Testing

@testable import IAPCore

@Suite struct ContentPathTests {
  @Test func relativePathsInsideTheFolderAreKeptNormalized() throws {
    #expect(try ContentPath.components("levels") == ["levels"])
    #expect(try ContentPath.components("content/levels/") == ["content", "levels"])
    #expect(try ContentPath.normalized("./content//levels/./pack.zip") == "content/levels/pack.zip")
    // A name that merely starts with dots is a name, not a step up.
    #expect(try ContentPath.normalized("..data/.hidden") == "..data/.hidden")
  }

  @Test func pathsThatLeaveTheFolderAreRefused() {
    #expect(throws: ContentPathError.escapes) { try ContentPath.components("../x") }
    #expect(throws: ContentPathError.escapes) { try ContentPath.components("content/../../x") }
    // Even one that would come back in: the text alone decides.
    #expect(throws: ContentPathError.escapes) { try ContentPath.components("content/../content/x") }
    #expect(throws: ContentPathError.absolute) { try ContentPath.components("/etc/passwd") }
    #expect(throws: ContentPathError.catalogFolder) { try ContentPath.components("./") }
    #expect(throws: ContentPathError.catalogFolder) { try ContentPath.components(".") }
    #expect(throws: ContentPathError.empty) { try ContentPath.components("") }
    #expect(throws: ContentPathError.invalidCharacter) { try ContentPath.components("a\u{0}b") }
  }

  @Test func everyRefusalSaysWhatIsWrong() {
    #expect(ContentPathError.escapes.message.hasPrefix("'..' is refused"))
    #expect(ContentPathError.absolute.message.hasPrefix("an absolute path is refused"))
  }
}
